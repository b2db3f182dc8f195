import type { RealizedLot } from '@etf-replicator/core/contracts/taxes';
import { formatDate, formatMoney, formatShares, formatSignedMoney } from '@/lib/format';
import { acquiredText, adjustmentText, basisText, closedPartKey } from '../utils/lot-text';
import { ClosedLotCards } from './closed-lot-cards';
import { gainClasses } from './section-card';
import { TermBadge } from './term-badge';

/** A realised row; on the account page it names the tracking it was sold in. */
export type ClosedRow = RealizedLot & { trackingLabel?: string };

const cell = 'px-2 py-2 text-right tabular-nums whitespace-nowrap';
const HEADS = ['Shares', 'Acquired', 'Sold', 'Proceeds', 'Cost basis', 'Code', 'Adjustment', 'Gain / loss'];

/**
 * The lots closed in one year as Form 8949 rows: what was sold, (b) the holding-period start, (c) the sale date,
 * (d) proceeds, (e) adjusted basis, (f) code W of a wash sale, (g) the disallowed loss, (h) the gain or loss.
 */
export const ClosedLotsTable = ({ lots }: { lots: readonly ClosedRow[] }) => {
  const withTracking = lots.some((lot) => lot.trackingLabel !== undefined);
  return (
    <>
      <ClosedLotCards lots={lots} />
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-sm">
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-2 py-2 text-left">
                Stock
              </th>
              {withTracking && (
                <th scope="col" className="px-2 py-2 text-left">
                  Tracking
                </th>
              )}
              {HEADS.map((head) => (
                <th key={head} scope="col" className="px-2 py-2 text-right">
                  {head}
                </th>
              ))}
              <th scope="col" className="px-2 py-2 text-left">
                Term
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lots.map((lot) => (
              <tr key={closedPartKey(lot)} data-code={lot.code || undefined}>
                <th
                  scope="row"
                  className="px-2 py-2 text-left font-semibold whitespace-nowrap text-slate-900"
                >
                  {lot.symbol}
                  {lot.harvestId && <span className="text-xs font-normal text-slate-500"> · harvest</span>}
                </th>
                {withTracking && <td className="px-2 py-2 text-left text-slate-700">{lot.trackingLabel}</td>}
                <td className={cell}>{formatShares(lot.shares)}</td>
                <td className={cell}>{acquiredText(lot)}</td>
                <td className={cell}>{formatDate(lot.soldOn)}</td>
                <td className={cell}>{formatMoney(lot.proceeds)}</td>
                <td className={cell}>{basisText(lot.costBasis)}</td>
                <td className={`${cell} font-semibold`}>{lot.code}</td>
                <td className={cell}>{adjustmentText(lot)}</td>
                <td className={`${cell} ${gainClasses(lot.gain)}`}>
                  {lot.gain === null ? 'unknown' : formatSignedMoney(lot.gain)}
                </td>
                <td className="px-2 py-2">
                  <TermBadge term={lot.term} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
};
