import { formatMoney, formatPercent, formatShares, formatSignedMoney } from '@/lib/format';
import type { HoldingLots } from '../api/get-lots';
import { basisText, openPartKey } from '../utils/lot-text';
import { LotDates } from './lot-dates';
import { gainClasses } from './section-card';
import { TermBadge } from './term-badge';

/** Below 640 px the lots read as cards: seven columns do not fit a phone without scrolling sideways. */
export const OpenLotCards = ({ holdings }: { holdings: readonly HoldingLots[] }) => (
  <ul aria-label="Open lots" className="space-y-3 sm:hidden">
    {holdings.map((holding) => (
      <li key={holding.symbol} className="overflow-hidden rounded-lg text-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 bg-slate-50 px-3 py-2">
          <span className="font-semibold text-slate-900">
            {holding.symbol}{' '}
            <span className="font-normal text-slate-500">{`(${holding.lots.length} ${holding.lots.length === 1 ? 'lot' : 'lots'})`}</span>
          </span>
          <span className={`font-medium tabular-nums ${gainClasses(holding.gain)}`}>
            {formatSignedMoney(holding.gain)}
            {holding.gainPercent !== null && ` (${formatPercent(holding.gainPercent)})`}
          </span>
          <span className="w-full text-xs text-slate-600">
            {`${formatShares(holding.shares)} shares · cost basis ${basisText(holding.costBasis)} · price ${formatMoney(holding.price)}`}
          </span>
        </div>
        <ul className="divide-y divide-slate-100">
          {holding.lots.map((lot) => (
            <li
              key={openPartKey(lot)}
              className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-3 py-2"
            >
              <LotDates lot={lot} />
              <span className={`text-right tabular-nums ${gainClasses(lot.gain)}`}>
                {formatSignedMoney(lot.gain)}
              </span>
              <span className="text-xs text-slate-600 tabular-nums">
                {lot.costBasis === null
                  ? `${formatShares(lot.shares)} shares · basis unknown`
                  : `${formatShares(lot.shares)} at ${formatMoney(lot.costPerShare)} = ${formatMoney(lot.costBasis)}`}
              </span>
              <span className="text-right">
                <TermBadge term={lot.term} />
              </span>
            </li>
          ))}
        </ul>
      </li>
    ))}
  </ul>
);
