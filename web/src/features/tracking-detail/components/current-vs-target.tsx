import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { displayLeftover } from '@etf-replicator/core/shared/money';
import { formatMoney, formatShares } from '@/lib/format';

import type { TrackingDetail } from '../api/get-tracking';
import { currentVsTargetRows, type Position } from '../utils/current-vs-target';

type Props = {
  detail: TrackingDetail;
  executing: boolean;
  onExecute: (orders: readonly AdjustmentOrderLine[]) => Promise<string[]>;
};

const PositionCells = ({ position }: { position: Position | undefined }) => (
  <>
    <td className="px-3 py-2 text-right tabular-nums">{position ? formatShares(position.shares) : '—'}</td>
    <td className="px-3 py-2 text-right tabular-nums">{position ? formatMoney(position.amount) : '—'}</td>
  </>
);

/** Current versus target replication per symbol, with an arrow that executes the suggested order (spec 2 §2). */
export const CurrentVsTarget = ({ detail, executing, onExecute }: Props) => {
  const rows = currentVsTargetRows(detail);
  return (
    <section
      aria-labelledby="current-target-heading"
      className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="current-target-heading" className="text-lg font-semibold text-slate-900">
        Current vs target
      </h2>
      <div className="mt-3 relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                Symbol
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Current shares
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Current value
              </th>
              <th scope="col" className="px-3 py-2 text-center">
                <span className="sr-only">Execute</span>
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Target shares
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Target value
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.symbol}>
                <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                  {row.symbol}
                </th>
                <PositionCells position={row.current} />
                <td className="px-3 py-2 text-center">
                  {row.order ? (
                    <button
                      type="button"
                      disabled={executing}
                      aria-label={`Execute ${row.order.orderType} ${formatShares(row.order.shares)} ${row.symbol}`}
                      title={`${row.order.orderType} ${formatShares(row.order.shares)}`}
                      className="rounded-full px-2 py-0.5 text-lg leading-none text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
                      onClick={() => row.order && void onExecute([row.order])}
                    >
                      <span aria-hidden="true">→</span>
                    </button>
                  ) : (
                    <span className="text-green-600" title="Matches the target">
                      <span aria-hidden="true">✓</span>
                      <span className="sr-only">Matches the target</span>
                    </span>
                  )}
                </td>
                <PositionCells position={row.target} />
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-medium">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                Cash
              </th>
              <td />
              <td className="px-3 py-2 text-right tabular-nums">
                {formatMoney(displayLeftover(detail.currentReplication.leftoverAmount))}
              </td>
              <td />
              <td />
              <td className="px-3 py-2 text-right tabular-nums">
                {formatMoney(displayLeftover(detail.targetReplication.leftoverAmount))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
};
