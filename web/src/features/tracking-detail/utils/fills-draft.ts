import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { type Decimal, dec, ZERO } from '@etf-replicator/core/shared/decimal';
import { nyTradeDate } from '@etf-replicator/core/tax/trade-date';
import { plainNumberText } from '@/lib/amount-text';
import { formatDate, formatShares } from '@/lib/format';

/**
 * What the investor says about one executed order (issue 32 item 4): the price the broker filled at, the trade date
 * and, for a SELL, which lots it closed. Kept as the typed text so that nothing is lost on a bad input.
 */
export type FillDraft = {
  price: string;
  /** YYYY-MM-DD (a date input's value). */
  tradeDate: string;
  /** 'method': the tracking's lot method picks the lots; 'chosen': the shares typed per lot. */
  lotMode: 'method' | 'chosen';
  lotShares: Readonly<Record<string, string>>;
};

/** An open lot as the fills dialog needs it (GET /lots). */
/** An open lot as the dialog shows it; `costPerShare` null when the broker file gave no cost (imported lots). */
export type OpenLot = { lotId: string; shares: string; costPerShare: string | null; acquiredAt: string };

export type FillErrors = { price?: string; tradeDate?: string; lots?: string };

/** The order as sent: the fields of the applyAdjustmentOrders contract. */
export type FilledOrder = Omit<AdjustmentOrderLine, 'lots'> & {
  price: string;
  executedAt?: string;
  lots?: { lotId: string; shares: string }[];
};

export const FILL_MESSAGES = {
  price: 'Enter the fill price, a number greater than 0',
  tradeDate: 'Enter the trade date',
  future: 'The trade date cannot be in the future',
  lotShares: 'Enter the shares taken from each lot as a number',
  lotTooMany: (held: string, acquired: string) =>
    `The lot of ${acquired} holds only ${formatShares(held)} shares`,
  lotsSum: (chosen: Decimal, wanted: string) =>
    `The lots add up to ${formatShares(chosen)} shares; the order sells ${formatShares(wanted)}`,
} as const;

const NUMBER = /^\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The tracking's lot method as a sentence names it: "Lots chosen by HIFO", "… by the tax-optimal order". */
export const lotMethodName = (method: string | undefined): string => {
  if (method === undefined) return "the tracking's method";
  if (method === 'TAX_OPTIMAL') return 'the tax-optimal order';
  return method;
};

/** A lot's acquired date as a trade date ("Jan 10, 2025"): the New York date of the instant it was bought. */
export const lotDate = (lot: Pick<OpenLot, 'acquiredAt'>): string => formatDate(nyTradeDate(lot.acquiredAt));

/** Today's trade date: the calendar date in New York, where the exchanges are. */
export const tradeDateToday = (now: Date = new Date()): string => nyTradeDate(now.toISOString());

/** A typed number ("1,234.5") as a decimal, or null when it is not one. */
export const typedNumber = (text: string): Decimal | null => {
  const plain = plainNumberText(text.trim());
  return NUMBER.test(plain) ? dec(plain) : null;
};

/**
 * The fill starts as what the screen suggested: the snapshot price, today, and the lots the gains budget named
 * (issue 31), else the tracking's lot method.
 */
export const initialFill = (
  snapshotPrice: string | undefined,
  today: string,
  namedLots?: AdjustmentOrderLine['lots'],
): FillDraft => {
  const named = namedLots?.every((lot) => lot.lotId !== null) ? namedLots : undefined;
  return {
    price: snapshotPrice ?? '',
    tradeDate: today,
    lotMode: named?.length ? 'chosen' : 'method',
    lotShares: Object.fromEntries((named ?? []).map((lot) => [lot.lotId as string, lot.shares])),
  };
};

/** The shares typed for the chosen lots, added up (unreadable entries count as 0; lotErrors reports them). */
export const chosenShares = (draft: FillDraft): Decimal =>
  Object.values(draft.lotShares).reduce((sum, text) => sum.add(typedNumber(text) ?? ZERO), ZERO);

const lotError = (draft: FillDraft, order: AdjustmentOrderLine, lots: readonly OpenLot[]) => {
  for (const lot of lots) {
    const text = draft.lotShares[lot.lotId]?.trim() ?? '';
    if (text === '') continue;
    const shares = typedNumber(text);
    if (shares === null) return FILL_MESSAGES.lotShares;
    if (shares.gt(dec(lot.shares))) return FILL_MESSAGES.lotTooMany(lot.shares, lotDate(lot));
  }
  const chosen = chosenShares(draft);
  return chosen.eq(dec(order.shares)) ? undefined : FILL_MESSAGES.lotsSum(chosen, order.shares);
};

/** What is wrong with a fill, per field; empty when it can be recorded. */
export const fillErrors = (
  draft: FillDraft,
  order: AdjustmentOrderLine,
  lots: readonly OpenLot[],
  today: string,
): FillErrors => {
  const errors: FillErrors = {};
  const price = typedNumber(draft.price);
  if (price === null || !price.gt(0)) errors.price = FILL_MESSAGES.price;
  if (!DATE.test(draft.tradeDate) || Number.isNaN(Date.parse(draft.tradeDate)))
    errors.tradeDate = FILL_MESSAGES.tradeDate;
  else if (draft.tradeDate > today) errors.tradeDate = FILL_MESSAGES.future;
  if (order.orderType === 'SELL' && draft.lotMode === 'chosen') {
    const lots_ = lotError(draft, order, lots);
    if (lots_) errors.lots = lots_;
  }
  return errors;
};

export const hasErrors = (errors: FillErrors): boolean => Object.values(errors).some(Boolean);

/** shares × fill price: the amount the order records (null while the price is not a number). */
export const fillAmount = (order: AdjustmentOrderLine, draft: FillDraft): Decimal | null => {
  const price = typedNumber(draft.price);
  return price === null ? null : dec(order.shares).mul(price);
};

/** The gain a lot's shares would realise at the fill price: (fill − cost per share) × shares; null: cost unknown. */
export const lotGainAt = (lot: OpenLot, shares: Decimal, fillPrice: Decimal): Decimal | null =>
  lot.costPerShare === null ? null : fillPrice.sub(dec(lot.costPerShare)).mul(shares);

/** The chosen lots with their shares (lots left empty or at 0 are not sent). */
export const chosenLots = (draft: FillDraft, lots: readonly OpenLot[]) =>
  lots.flatMap((lot) => {
    const shares = typedNumber(draft.lotShares[lot.lotId] ?? '');
    return shares?.gt(0) ? [{ lot, shares }] : [];
  });

/**
 * The order as the API takes it (call only when fillErrors is empty). Today's date is left out so the API records
 * the execution time as now, whose New York date is today; an earlier date goes as the date itself.
 */
export const fillToSend = (
  order: AdjustmentOrderLine,
  draft: FillDraft,
  lots: readonly OpenLot[],
  today: string,
): FilledOrder => {
  const price = typedNumber(draft.price);
  return {
    symbol: order.symbol,
    orderType: order.orderType,
    shares: order.shares,
    price: (price ?? ZERO).toFixed(),
    ...(draft.tradeDate === today ? {} : { executedAt: draft.tradeDate }),
    ...(order.orderType === 'SELL' && draft.lotMode === 'chosen'
      ? {
          lots: chosenLots(draft, lots).map(({ lot, shares }) => ({
            lotId: lot.lotId,
            shares: shares.toFixed(),
          })),
        }
      : {}),
  };
};
