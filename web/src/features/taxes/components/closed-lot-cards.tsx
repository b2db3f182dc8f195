import { formatDate, formatMoney, formatShares, formatSignedMoney } from '@/lib/format';
import { acquiredText, adjustmentText, basisText, closedPartKey } from '../utils/lot-text';
import type { ClosedRow } from './closed-lots-table';
import { gainClasses } from './section-card';
import { TermBadge } from './term-badge';

/** The closed lots of a year as cards below 640 px, W rows with their adjustment. */
export const ClosedLotCards = ({ lots }: { lots: readonly ClosedRow[] }) => (
  <ul
    aria-label="Closed lots"
    className="divide-y divide-slate-100 rounded-lg text-sm ring-1 ring-slate-200 sm:hidden"
  >
    {lots.map((lot) => (
      <li key={closedPartKey(lot)} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-3 py-2">
        <span className="font-semibold text-slate-900">
          {`${formatShares(lot.shares)} ${lot.symbol}`}
          {lot.harvestId && <span className="text-xs font-normal text-slate-500"> · harvest</span>}
          {lot.code === 'W' && <span className="text-xs font-semibold text-amber-800"> · code W</span>}
        </span>
        <span className={`text-right tabular-nums ${gainClasses(lot.gain)}`}>
          {lot.gain === null ? 'unknown' : formatSignedMoney(lot.gain)}
        </span>
        <span className="text-xs break-words text-slate-600">
          {`${acquiredText(lot)} → ${formatDate(lot.soldOn)} · proceeds ${formatMoney(lot.proceeds)} · basis ${basisText(lot.costBasis)}`}
          {lot.code === 'W' && ` · adjustment ${adjustmentText(lot)}`}
          {lot.trackingLabel && ` · ${lot.trackingLabel}`}
        </span>
        <span className="text-right">
          <TermBadge term={lot.term} />
        </span>
      </li>
    ))}
  </ul>
);
