import { dec } from '@etf-replicator/core/shared/decimal';
import { AMOUNT_MESSAGES, normaliseNumberText, parseAmount } from '@etf-replicator/core/shared/money';
import { plainNumberText } from '@/lib/amount-text';
import { formatMoney } from '@/lib/format';

export type TargetChange = { ok: true; amount: string } | { ok: false; message: string };

/** Spec 2 §5 for the raise and lower modals: a positive amount, and a lowering no larger than the target. */
export const readTargetChange = (
  text: string,
  direction: 'raise' | 'lower',
  target: string,
): TargetChange => {
  let amount: ReturnType<typeof parseAmount>;
  try {
    amount = parseAmount(normaliseNumberText(plainNumberText(text)));
  } catch (error) {
    const message = error instanceof Error ? error.message : AMOUNT_MESSAGES.greaterThanZero;
    return { ok: false, message };
  }
  if (direction === 'lower' && amount.gt(dec(target))) {
    return { ok: false, message: `You cannot decrease the target amount more than ${formatMoney(target)}` };
  }
  return { ok: true, amount: amount.toFixed() };
};
