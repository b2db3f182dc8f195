import type { ImportPreview } from '@etf-replicator/core/contracts/broker-import';
import { useId } from 'react';
import { setTaxBudget } from '@/features/tax-budget/api/set-tax-budget';
import { BUDGET_PRESETS } from '@/features/tax-budget/utils/budget-draft';
import { cn } from '@/lib/cn';
import { formatPercent, formatSignedMoney, newYorkYear } from '@/lib/format';

type Option = NonNullable<ImportPreview['taxBudgetOptions']>[number];

const labelOf = (option: Option): string =>
  BUDGET_PRESETS.find((preset) => preset.maxNetGain === option.maxNetGain)?.label ??
  option.maxNetGain ??
  'No limit';

/** The option the import starts with: no limit (the orders of a tracking without a budget). */
const noLimitIndex = (preview: ImportPreview | undefined): number =>
  Math.max(0, preview?.taxBudgetOptions?.findIndex((option) => option.maxNetGain === null) ?? 0);

/** After the import: the budget chosen, set on the new tracking (no limit sets nothing: today's orders). */
export const applyImportBudget = async (
  trackingId: string,
  preview: ImportPreview | undefined,
  chosen: number | undefined,
): Promise<void> => {
  const option = preview?.taxBudgetOptions?.[chosen ?? noLimitIndex(preview)];
  if (!option || option.maxNetGain === null) return;
  await setTaxBudget({
    trackingId,
    budget: { year: newYorkYear(), maxNetGain: option.maxNetGain, allowShortTermGains: true },
  });
};

/**
 * Issue 31 item 5: what the suggested orders would realise in capital gains, and a gains budget to set before
 * confirming, each with the replication rate it reaches and the net gain it realises.
 */
export const ImportBudgetChoice = ({
  preview,
  chosen,
  onChoose,
  disabled,
}: {
  preview: ImportPreview;
  chosen: number | undefined;
  onChoose: (index: number) => void;
  disabled: boolean;
}) => {
  const id = useId();
  const options = preview.taxBudgetOptions ?? [];
  const selected = chosen ?? noLimitIndex(preview);
  if (options.length === 0 || preview.unconstrainedRealisedNetGain === undefined) return null;
  return (
    <fieldset className="min-w-0 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" disabled={disabled}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Capital gains this year</legend>
      <p className="text-sm text-slate-700">
        {`These orders would realise ${formatSignedMoney(preview.unconstrainedRealisedNetGain)} of net capital gains. Set a budget to sell less at a gain:`}
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {options.map((option, index) => (
          <label
            key={labelOf(option)}
            className={cn(
              'min-w-0 cursor-pointer rounded-md bg-white p-2 text-sm ring-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
              selected === index ? 'ring-2 ring-indigo-600' : 'ring-slate-200',
            )}
          >
            <input
              type="radio"
              name={`${id}-budget`}
              className="sr-only"
              checked={selected === index}
              onChange={() => onChoose(index)}
            />
            <span className="block font-semibold text-slate-900">{labelOf(option)}</span>{' '}
            <span className="block text-slate-600 tabular-nums">{`Rate ${formatPercent(option.replicationRate)}`}</span>{' '}
            <span className="block text-slate-600 tabular-nums">{`Realises ${formatSignedMoney(option.realisedNetGain)}`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
};
