import type { ImportPreview } from '@etf-replicator/core/contracts/broker-import';
import type { TaxBudgetRequest } from '@etf-replicator/core/contracts/tax-budget';
import { useId } from 'react';
import { BUDGET_PRESETS } from '@/features/tax-budget/utils/budget-draft';
import { cn } from '@/lib/cn';
import { formatPercent, formatSignedMoney, newYorkYear } from '@/lib/format';

type Option = NonNullable<ImportPreview['taxBudgetOptions']>[number];

const labelOf = (option: Option): string =>
  BUDGET_PRESETS.find((preset) => preset.maxNetGain === option.maxNetGain)?.label ??
  option.maxNetGain ??
  'No limit';

/**
 * The budget the import request carries (issue 31: set in the same append as the positions): none for no limit
 * with short-term gains allowed, which is a tracking without a budget (today's orders).
 */
export const importTaxBudget = (
  maxNetGain: string | null,
  allowShortTermGains: boolean,
): TaxBudgetRequest | undefined =>
  maxNetGain === null && allowShortTermGains
    ? undefined
    : { year: newYorkYear(), maxNetGain, allowShortTermGains };

/**
 * Issue 31 item 5: what the suggested orders would realise in capital gains, and a gains budget to set before
 * confirming (`chosen`: its amount, null for no limit), each with the replication rate it reaches and the net gain
 * it realises (with short-term gains allowed or not, as the import's options say).
 */
export const ImportBudgetChoice = ({
  preview,
  chosen,
  onChoose,
  disabled,
}: {
  preview: ImportPreview;
  chosen: string | null;
  onChoose: (maxNetGain: string | null) => void;
  disabled: boolean;
}) => {
  const id = useId();
  const options = preview.taxBudgetOptions ?? [];
  if (options.length === 0 || preview.unconstrainedRealisedNetGain === undefined) return null;
  return (
    <fieldset className="min-w-0 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" disabled={disabled}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Capital gains this year</legend>
      <p className="text-sm text-slate-700">
        {`These orders would realise ${formatSignedMoney(preview.unconstrainedRealisedNetGain)} of net capital gains. Set a budget to sell less at a gain:`}
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={labelOf(option)}
            className={cn(
              'min-w-0 cursor-pointer rounded-md bg-white p-2 text-sm ring-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
              chosen === option.maxNetGain ? 'ring-2 ring-indigo-600' : 'ring-slate-200',
            )}
          >
            <input
              type="radio"
              name={`${id}-budget`}
              className="sr-only"
              checked={chosen === option.maxNetGain}
              onChange={() => onChoose(option.maxNetGain)}
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
