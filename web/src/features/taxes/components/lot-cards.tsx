import { formatDate, formatMoney, formatPercent, formatShares, formatSignedMoney } from '@/lib/format';
import type { HoldingLots } from '../api/get-lots';
import type { RealizedGainsResponse } from '../api/get-realized-gains';
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
            {`${formatShares(holding.shares)} shares · cost basis ${formatMoney(holding.costBasis)} · price ${formatMoney(holding.price)}`}
          </span>
        </div>
        <ul className="divide-y divide-slate-100">
          {holding.lots.map((lot) => (
            <li key={lot.lotId} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-3 py-2">
              <span className="text-slate-700">{`Acquired ${formatDate(lot.acquiredAt)}`}</span>
              <span className={`text-right tabular-nums ${gainClasses(lot.gain)}`}>
                {formatSignedMoney(lot.gain)}
              </span>
              <span className="text-xs text-slate-600 tabular-nums">
                {`${formatShares(lot.shares)} at ${formatMoney(lot.costPerShare)} = ${formatMoney(lot.costBasis)}`}
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

/** The closed lots of a year as cards below 640 px. */
export const ClosedLotCards = ({ lots }: { lots: RealizedGainsResponse['lots'] }) => (
  <ul
    aria-label="Closed lots"
    className="divide-y divide-slate-100 rounded-lg text-sm ring-1 ring-slate-200 sm:hidden"
  >
    {lots.map((lot) => (
      <li key={`${lot.saleId}-${lot.lotId}`} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-3 py-2">
        <span className="font-semibold text-slate-900">
          {`${formatShares(lot.shares)} ${lot.symbol}`}
          {lot.harvestId && <span className="text-xs font-normal text-slate-500"> · harvest</span>}
        </span>
        <span className={`text-right tabular-nums ${gainClasses(lot.gain)}`}>
          {formatSignedMoney(lot.gain)}
        </span>
        <span className="text-xs text-slate-600">
          {`${formatDate(lot.acquiredAt)} → ${formatDate(lot.soldAt)} · proceeds ${formatMoney(lot.proceeds)} · cost ${formatMoney(lot.costBasis)}`}
        </span>
        <span className="text-right">
          <TermBadge term={lot.term} />
        </span>
      </li>
    ))}
  </ul>
);
