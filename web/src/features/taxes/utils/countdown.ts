import type { WashSaleStatus } from '@etf-replicator/core/contracts/taxes';
import { formatDate, formatDays } from '@/lib/format';

const DAY_MS = 86_400_000;

const utcDay = (date: Date): number => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/**
 * Whole calendar days from `now`'s UTC day to `date` (YYYY-MM-DD or an instant's UTC day); 0 once it is today or
 * past. The API dates wash-sale windows in UTC days, so the count does not depend on the viewer's time zone.
 */
export const daysUntil = (date: string, now: Date): number => {
  const target = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(target.getTime())) return 0;
  return Math.max(0, Math.round((utcDay(target) - utcDay(now)) / DAY_MS));
};

/** "Clear", or "Blocked until Dec 24, 2026 — 30 days" with the reason the API gave. */
export const washSaleText = (status: WashSaleStatus, now: Date): { label: string; reason?: string } =>
  status.status === 'clear'
    ? { label: 'Clear' }
    : {
        label: `Blocked until ${formatDate(status.until)} — ${formatDays(daysUntil(status.until, now))}`,
        reason: status.reason,
      };
