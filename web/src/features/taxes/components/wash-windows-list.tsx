import { formatDate, formatMoney, formatShares } from '@/lib/format';
import type { WashWindow } from '../api/get-wash-windows';

/** "AAPL: no BUY until Dec 20, 2026" — the window's symbol, last day and why (the loss sale and what is still open). */
export const windowTitle = (window: WashWindow): string =>
  `${window.symbol}: no BUY until ${formatDate(window.until)}`;

/** Open wash-sale windows: a buy of the symbol (or another share class of it) until `until` disallows the loss. */
export const WashWindowsList = ({
  windows,
  showTracking,
}: {
  windows: readonly WashWindow[];
  /** The account page names the tracking that sold; the tracking's own tab does not need to. */
  showTracking: boolean;
}) => (
  <ul
    aria-label="Open wash-sale windows"
    className="divide-y divide-slate-100 rounded-lg text-sm ring-1 ring-slate-200"
  >
    {windows.map((window) => (
      <li key={window.saleId} aria-label={`Wash-sale window ${window.symbol}`} className="min-w-0 px-3 py-2">
        <p className="font-semibold text-slate-900">{windowTitle(window)}</p>
        <p className="break-words text-slate-700">{window.reason}</p>
        <p className="text-xs break-words text-slate-500">
          {`Loss still deductible: ${formatMoney(window.openLoss)} on ${formatShares(window.unmatchedShares)} ${
            window.unmatchedShares === '1' ? 'share' : 'shares'
          } not yet replaced`}
          {showTracking ? ` · ${window.trackingLabel}` : ''}
        </p>
      </li>
    ))}
  </ul>
);
