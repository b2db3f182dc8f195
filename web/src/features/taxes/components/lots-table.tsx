import { Fragment, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatMoney, formatPercent, formatShares, formatSignedMoney } from '@/lib/format';
import type { HoldingLots } from '../api/get-lots';
import { basisText, openPartKey } from '../utils/lot-text';
import { OpenLotCards } from './lot-cards';
import { LotDates } from './lot-dates';
import { gainClasses } from './section-card';
import { TermBadge } from './term-badge';

/** Holdings shown before "Show all": a 100-stock tracking would otherwise be a very long page. */
const FIRST_HOLDINGS = 10;

const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

/** Open lots per holding: a holding row with its totals, then one row per lot. */
export const LotsTable = ({ holdings }: { holdings: readonly HoldingLots[] }) => {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? holdings : holdings.slice(0, FIRST_HOLDINGS);
  return (
    <div className="space-y-3">
      <OpenLotCards holdings={shown} />
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-sm">
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                Holding / acquired
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Shares
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Cost / share
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Adjusted basis
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Price
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Gain / loss
              </th>
              <th scope="col" className="px-3 py-2 text-left">
                Term
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((holding) => (
              <Fragment key={holding.symbol}>
                <tr className="border-t border-slate-200 bg-slate-50" data-holding={holding.symbol}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                    {holding.symbol}{' '}
                    <span className="font-normal text-slate-500">
                      {`(${holding.lots.length} ${holding.lots.length === 1 ? 'lot' : 'lots'})`}
                    </span>
                  </th>
                  <td className={`${cell} font-medium`}>{formatShares(holding.shares)}</td>
                  <td className={cell} />
                  <td className={`${cell} font-medium`}>{basisText(holding.costBasis)}</td>
                  <td className={cell}>{formatMoney(holding.price)}</td>
                  <td className={`${cell} font-medium ${gainClasses(holding.gain)}`}>
                    {formatSignedMoney(holding.gain)}
                    {holding.gainPercent !== null && (
                      <span className="ml-1 text-xs">{`(${formatPercent(holding.gainPercent)})`}</span>
                    )}
                  </td>
                  <td className="px-3 py-2" />
                </tr>
                {holding.lots.map((lot) => (
                  <tr key={openPartKey(lot)} className="border-t border-slate-100">
                    <td className="py-2 pr-3 pl-6 text-left">
                      <LotDates lot={lot} />
                    </td>
                    <td className={cell}>{formatShares(lot.shares)}</td>
                    <td className={cell}>{basisText(lot.costPerShare)}</td>
                    <td className={cell}>{basisText(lot.costBasis)}</td>
                    <td className={cell}>{formatMoney(lot.price)}</td>
                    <td className={`${cell} ${gainClasses(lot.gain)}`}>{formatSignedMoney(lot.gain)}</td>
                    <td className="px-3 py-2">
                      <TermBadge term={lot.term} />
                    </td>
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {holdings.length > FIRST_HOLDINGS && (
        <Button variant="secondary" onClick={() => setShowAll((all) => !all)}>
          {showAll ? `Show the first ${FIRST_HOLDINGS} holdings` : `Show all ${holdings.length} holdings`}
        </Button>
      )}
    </div>
  );
};
