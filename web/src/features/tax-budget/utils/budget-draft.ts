import type { TaxBudgetView } from '@etf-replicator/core/contracts/taxes';
import { plainNumberText } from '@/lib/amount-text';

/** The presets the import preview and the panel offer (issue 31 item 5). */
export const BUDGET_PRESETS: ReadonlyArray<{ label: string; maxNetGain: string | null }> = [
  { label: '$0 — only sell losses', maxNetGain: '0' },
  { label: '$5,000', maxNetGain: '5000' },
  { label: 'No limit', maxNetGain: null },
];

/** The field's text for a budget: empty for no limit. */
export const budgetText = (budget: Pick<TaxBudgetView, 'maxNetGain'> | undefined): string =>
  budget?.maxNetGain == null ? '' : budget.maxNetGain.replace(/\.00$/, '');

/** The typed amount as the API takes it: null when empty (no limit), else the plain digits. */
export const maxNetGainOf = (text: string): string | null => {
  const plain = plainNumberText(text.trim());
  return plain === '' ? null : plain;
};
