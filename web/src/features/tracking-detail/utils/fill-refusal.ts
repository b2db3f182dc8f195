import { batchOrderFailure } from '@etf-replicator/core/contracts/trackings';
import { formatDate } from '@/lib/format';
import { type FillErrors, lotDate, type OpenLot } from './fills-draft';

/** The API's refusal of recorded fills, placed where the investor can fix it (issue 32 item 4). */
export type FillRefusal = {
  /** The whole message, shown at the top of the dialog. */
  message: string;
  /** The order it concerns (its index in the dialog), when the API named one or there is only one. */
  index?: number;
  /** The field of that order it concerns, when the reason says which. */
  field?: keyof FillErrors;
  /** The reason alone (without the "Order 2 (SELL 5 AAPL): " prefix), for the field. */
  reason: string;
};

/**
 * Which field a reason is about: lots first (a lot "acquired after this sale's trade date" is about the lots); "Only 2
 * AAPL shares were held on 2026-11-02" is about the trade date.
 */
const fieldOf = (reason: string): keyof FillErrors | undefined => {
  if (/\blots?\b/i.test(reason)) return 'lots';
  if (/\bprice\b/i.test(reason)) return 'price';
  if (/execution time|trade date|\bdate\b|held on/i.test(reason)) return 'tradeDate';
  return undefined;
};

/** Reads a 400 message: a batch names its order ("Order 2 (SELL 5 AAPL): …"), a single order is the only one. */
export const readFillRefusal = (message: string, orderCount: number): FillRefusal => {
  const failure = batchOrderFailure.parse(message);
  const reason = failure?.reason ?? message;
  const index = failure?.index ?? (orderCount === 1 ? 0 : undefined);
  const field = index === undefined ? undefined : fieldOf(reason);
  return { message, reason, ...(index === undefined ? {} : { index }), ...(field ? { field } : {}) };
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The API's reason in the screen's words: a lot it names by id becomes "the lot of Nov 18, 2026" (the investor
 * never sees lot ids), and ISO dates read as dates in a sentence ("Nov 17, 2026").
 */
export const readableReason = (reason: string, lots: readonly OpenLot[]): string => {
  let text = reason;
  for (const lot of lots) {
    text = text.replace(
      new RegExp(`\\b(l|L)ot ${escapeRegExp(lot.lotId)}`, 'g'),
      (_, l: string) => `${l === 'L' ? 'The' : 'the'} lot of ${lotDate(lot)}`,
    );
  }
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (date) => formatDate(date));
};
