import { formatDate, formatMoney, formatShares, formatSignedMoney } from '@/lib/format';
import type { RealizedGainsResponse } from '../api/get-realized-gains';
import { ClosedLotCards } from './lot-cards';
import { gainClasses } from './section-card';
import { TermBadge } from './term-badge';

const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
const HEADS = ['Shares', 'Acquired', 'Sold', 'Proceeds', 'Cost basis', 'Gain / loss'];

/** The lots closed in one year: what was sold, when, for how much, and the gain or loss with its term. */
export const ClosedLotsTable = ({ lots }: { lots: RealizedGainsResponse['lots'] }) => (
  <>
    <ClosedLotCards lots={lots} />
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full text-sm">
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              Stock
            </th>
            {HEADS.map((head) => (
              <th key={head} scope="col" className="px-3 py-2 text-right">
                {head}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-left">
              Term
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lots.map((lot) => (
            <tr key={`${lot.saleId}-${lot.lotId}`}>
              <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-900">
                {lot.symbol}
                {lot.harvestId && <span className="text-xs font-normal text-slate-500"> · harvest</span>}
              </th>
              <td className={cell}>{formatShares(lot.shares)}</td>
              <td className={cell}>{formatDate(lot.acquiredAt)}</td>
              <td className={cell}>{formatDate(lot.soldAt)}</td>
              <td className={cell}>{formatMoney(lot.proceeds)}</td>
              <td className={cell}>{formatMoney(lot.costBasis)}</td>
              <td className={`${cell} ${gainClasses(lot.gain)}`}>{formatSignedMoney(lot.gain)}</td>
              <td className="px-3 py-2">
                <TermBadge term={lot.term} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  </>
);
