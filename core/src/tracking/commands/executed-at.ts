import { trackingErrors } from '../errors';
import { executedAtSchema } from '../events';
import { instantOf, nyTradeDate } from '../lots';
import type { ActiveTracking } from '../state';

const HOUR = 3_600_000;

/** The calendar date somewhere on Earth at `now` shifted by `hours` (UTC+14 is the latest, UTC−12 the earliest). */
const dateAtOffset = (now: Date, hours: number): string =>
  new Date(now.getTime() + hours * HOUR).toISOString().slice(0, 10);

/** Today in UTC+14 (Kiribati): no trade anywhere can carry a later date. */
export const latestDateOnEarth = (now: Date): string => dateAtOffset(now, 14);

/** Today in UTC−12: the earliest calendar date anyone can still be living. */
export const earliestDateOnEarth = (now: Date): string => dateAtOffset(now, -12);

/**
 * An ISO date (compared by calendar date) or date-time with offset (compared as an instant): not after now, not
 * before the tracking was created. A date alone is the date where the user traded, so it may run up to the latest
 * date on Earth, and back to the earliest date on Earth at the tracking's creation. Kept as written; its trade date
 * is its New York date (nyTradeDate).
 */
export const parseExecutedAt = (value: string, tracking: ActiveTracking, now: Date): string => {
  const text = value.trim();
  if (!executedAtSchema.safeParse(text).success || Number.isNaN(instantOf(text)))
    throw trackingErrors.invalidExecutedAt();
  const dateOnly = text.length === 10;
  if (dateOnly ? text > latestDateOnEarth(now) : instantOf(text) > now.getTime())
    throw trackingErrors.executedInFuture();
  const created = new Date(instantOf(tracking.createdAt));
  if (dateOnly ? text < earliestDateOnEarth(created) : instantOf(text) < created.getTime())
    throw trackingErrors.executedBeforeTracking();
  return text;
};

/** The trade date of an order: the New York date of when it was executed (given, else now). */
export const tradeDateOf = (executedAt: string | null, now: Date): string =>
  nyTradeDate(executedAt ?? now.toISOString());
