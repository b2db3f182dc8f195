import { minLossContract } from '@etf-replicator/core/contracts/taxes';

/** What the minimum-loss field holds: nothing (the server's default), a threshold to send, or a mistake. */
export type MinLoss =
  | { status: 'default' }
  | { status: 'valid'; value: string }
  | { status: 'invalid'; message: string };

export const MIN_LOSS_HINT = 'An amount like 100 or a percent like 5%';

/**
 * Reads the field the way people type it ("$1,000", "250.50", "5 %") into the query value the API accepts
 * ("1000", "250.50", "5%"), checked by the same contract the server applies.
 */
export const parseMinLoss = (text: string): MinLoss => {
  const compact = text.replace(/[\s$,]/g, '');
  if (compact === '') return { status: 'default' };
  const parsed = minLossContract.safeParse(compact);
  return parsed.success
    ? { status: 'valid', value: compact }
    : { status: 'invalid', message: `${MIN_LOSS_HINT}, up to 2 decimals.` };
};
