import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { dec } from '@etf-replicator/core/shared/decimal';
import { formatShares, parseShares, SHARES_MESSAGES } from '@etf-replicator/core/shared/shares';
import type { NumberTextRules } from '@/lib/amount-text';
import { plainNumberText } from '@/lib/amount-text';

/** Spec 2 §5/§9: whole shares only when fractional is off, else up to 2 decimals; at most 10 digits before the point. */
export const sharesTextRules = (fractionalEnabled: boolean): NumberTextRules => ({
  decimals: fractionalEnabled ? 2 : 0,
  maxIntegerDigits: 10,
  grouped: false,
});

export const isWholeShares = (shares: string): boolean => dec(shares).isInteger();

/** A fractional suggestion while fractional is off can only be executed as suggested (spec 2 §5). */
export const isReadOnlyOrder = (fractionalEnabled: boolean, order: AdjustmentOrderLine): boolean =>
  !fractionalEnabled && !isWholeShares(order.shares);

/** What the shares field starts with: the suggestion truncated to 2 decimals. */
export const initialSharesText = (order: AdjustmentOrderLine): string => formatShares(order.shares);

type SharesContext = { fractionalEnabled: boolean; orderType: 'BUY' | 'SELL'; held: string };

/** The spec 2 §5 message for a shares entry, or undefined when it can be sent. */
export const sharesError = (
  text: string,
  { fractionalEnabled, orderType, held }: SharesContext,
): string | undefined => {
  const plain = plainNumberText(text);
  if (!fractionalEnabled && plain.includes('.')) return SHARES_MESSAGES.fractionalTyped;
  let shares: ReturnType<typeof parseShares>;
  try {
    shares = parseShares(plain);
  } catch (error) {
    return error instanceof Error ? error.message : SHARES_MESSAGES.greaterThanZero;
  }
  if (orderType === 'SELL' && shares.gt(dec(held))) return SHARES_MESSAGES.cannotSellMore(held);
  return undefined;
};

/**
 * The order to send: the suggestion exactly as the server gave it when the field still shows it (or is read-only),
 * else the typed shares.
 */
export const orderToSend = (
  order: AdjustmentOrderLine,
  text: string,
  readOnly: boolean,
): AdjustmentOrderLine => {
  const plain = plainNumberText(text);
  if (readOnly || plain === initialSharesText(order)) return order;
  return { ...order, shares: dec(plain).toFixed() };
};
