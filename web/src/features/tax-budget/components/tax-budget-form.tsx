import type { TaxBudgetView } from '@etf-replicator/core/contracts/taxes';
import { type FormEvent, useState } from 'react';
import { AmountInput } from '@/components/ui/amount-input';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { isApiError } from '@/lib/api-client';
import { newYorkYear } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSetTaxBudget } from '../api/set-tax-budget';
import { BUDGET_PRESETS, budgetText, maxNetGainOf } from '../utils/budget-draft';

/**
 * Set or clear the gains budget of this tax year (New York): the most net gain the suggested orders may realise,
 * empty for no limit, and whether they may realise short-term gains. A tracking command, revertible in history.
 */
export const TaxBudgetForm = ({
  trackingId,
  budget,
}: {
  trackingId: string;
  budget: TaxBudgetView | undefined;
}) => {
  const [text, setText] = useState(budgetText(budget));
  const [allowShort, setAllowShort] = useState(budget?.allowShortTermGains ?? false);
  const set = useSetTaxBudget(trackingId, {
    onSuccess: () => notify.success('Gains budget saved'),
    onError: (error) =>
      notify.error(
        isApiError(error) && error.message ? error.message : 'The gains budget could not be saved.',
      ),
  });
  const year = newYorkYear();
  const save = (maxNetGain: string | null, allowShortTermGains: boolean) =>
    set.mutate({ trackingId, budget: { year, maxNetGain, allowShortTermGains } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(maxNetGainOf(text), allowShort);
  };
  return (
    <form onSubmit={submit} className="min-w-0 space-y-3" aria-label={`Gains budget for ${year}`}>
      <fieldset className="flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">Budget presets</legend>
        {BUDGET_PRESETS.map((preset) => (
          <Button
            key={preset.label}
            variant="secondary"
            className="px-3 py-1.5"
            disabled={set.isPending}
            onClick={() => setText(preset.maxNetGain ?? '')}
          >
            {preset.label}
          </Button>
        ))}
      </fieldset>
      <AmountInput
        label={`Most net capital gain to realise in ${year}`}
        hint="Gains minus losses of this tracking's sales this year. Empty: no limit."
        value={text}
        onValueChange={setText}
        disabled={set.isPending}
      />
      <CheckboxField
        label="Allow short-term gains"
        hint="Off: no sale closes a lot held one year or less at a gain (those are taxed as income)."
        checked={allowShort}
        disabled={set.isPending}
        onChange={(event) => setAllowShort(event.target.checked)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={set.isPending}>
          {set.isPending ? 'Saving...' : 'Save budget'}
        </Button>
        {budget && (budget.maxNetGain !== null || !budget.allowShortTermGains) && (
          <Button variant="ghost" disabled={set.isPending} onClick={() => save(null, true)}>
            Remove the limit
          </Button>
        )}
      </div>
    </form>
  );
};
