import type { HeldBackBuy } from '@etf-replicator/core/contracts/taxes';
import { formatDate, formatShares } from '@/lib/format';

/** "BUY 3 GOOG held back until Dec 28, 2026: GOOGL sold at a loss on Nov 28, 2026" */
export const heldBackText = (buy: HeldBackBuy): string =>
  `BUY ${formatShares(buy.shares)} ${buy.symbol} held back until ${formatDate(buy.until)}: ${buy.reason}`;

/** The BUYs a wash-sale window keeps out of the suggested orders, and until when. */
export const HeldBackBuys = ({ buys }: { buys: readonly HeldBackBuy[] | undefined }) =>
  !buys || buys.length === 0 ? null : (
    <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">Held back by a wash-sale window</p>
      <ul aria-label="Held-back buys" className="mt-1 space-y-1 text-slate-700">
        {buys.map((buy) => (
          <li key={buy.symbol} className="break-words">
            {heldBackText(buy)}
          </li>
        ))}
      </ul>
    </div>
  );
