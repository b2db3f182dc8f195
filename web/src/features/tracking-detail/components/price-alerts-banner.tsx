import { formatDate, formatMoney, formatPercent } from '@/lib/format';
import { type PriceAlerts, usePriceAlerts } from '../api/price-alerts';

/** "NFLX moved −89.52% to $114.09 in the prices of Nov 18, 2025 with no recorded split or other corporate action…" */
export const priceAlertText = (alert: PriceAlerts[number]): string =>
  `${alert.symbol} moved ${formatPercent(alert.changePercent)} (${formatMoney(alert.from)} → ${formatMoney(alert.to)}) in the prices of ${formatDate(alert.snapshotDate)} with no recorded split or other corporate action: its value, orders and any harvest may be wrong until an admin records the action or confirms the price.`;

/** The tracking detail's warning for price moves no recorded corporate action explains (issue 32 item 2). */
export const PriceAlertsBanner = ({ trackingId }: { trackingId: string }) => {
  const alerts = usePriceAlerts(trackingId);
  if (!alerts.data?.length) return null;
  return (
    <div
      role="alert"
      aria-label="Price alerts"
      className="mb-4 space-y-1 rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-300"
    >
      {alerts.data.map((alert) => (
        <p key={alert.symbol} className="break-words">
          {priceAlertText(alert)}
        </p>
      ))}
    </div>
  );
};
