import { displayLeftover } from '@etf-replicator/core/shared/money';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatMoney, formatShares, formatPercent as percent } from '@/lib/format';
import type { ReplayState } from '../api/get-tracking-replay';
import { SimpleTable } from './simple-table';

/** Display rules of DESIGN §6.1: money truncated to cents, shares to 2 decimals. */
const money = (value: string | undefined) => (value === undefined ? '—' : formatMoney(value));

/** The tracking as it stood right after one event: what the user's detail page showed at that moment. */
export const ReplayStateView = ({ state }: { state: ReplayState }) => {
  const { view } = state;
  const values = new Map(
    view.currentReplication.investments.map((line) => [line.symbol, line.amountInvested]),
  );
  const positions = Object.entries(state.positions).sort(([a], [b]) => a.localeCompare(b));
  const facts: [string, string][] = [
    ['Target amount', money(state.targetAmount)],
    ['Cash', money(state.cash)],
    ['Portfolio amount', money(view.currentReplication.targetInvestmentAmount)],
    ['Leftover', formatMoney(displayLeftover(view.currentReplication.leftoverAmount))],
    ['Replication rate', percent(view.replicationRate)],
    ['Target replication rate', percent(view.targetReplicationRate)],
    ['Plan', state.plan ?? 'Free'],
    [
      'Prices (closes of)',
      view.pricesAsOf
        ? [...new Set([view.pricesAsOf.from, view.pricesAsOf.to])].map(formatDate).join(' to ')
        : '—',
    ],
    ['ETF holdings as of', formatDate(state.snapshot?.asOf)],
    ['Fractional shares', view.globalFractionalSharesThreshold > 0 ? 'On' : 'Off'],
    ['Auto-tracking', view.autoTrackingTargetAmountEnabled ? 'On' : 'Off'],
    ['Weightings', `${view.effectiveNumberOfWeightings} of ${view.numberOfWeightings} set`],
  ];
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <h2 className="text-lg font-semibold text-slate-900">State after this event</h2>
        <Badge tone={state.status === 'Deleted' ? 'amber' : 'green'}>{state.status}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200 sm:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-6 2xl:grid-cols-2">
        <SimpleTable
          caption="Positions"
          headers={['Symbol', 'Shares', 'Price', 'Value']}
          rows={positions.map(([symbol, shares]) => [
            symbol,
            formatShares(shares),
            money(view.prices[symbol]),
            money(values.get(symbol)),
          ])}
          empty="No positions yet."
        />
        <SimpleTable
          caption="Adjustment orders"
          headers={['Symbol', 'Order', 'Shares']}
          rows={view.adjustmentOrders.map((order) => [
            order.symbol,
            order.orderType,
            formatShares(order.shares),
          ])}
          empty="No orders: current matches the target."
        />
        <SimpleTable
          caption="Target allocation"
          headers={['Symbol', 'Shares', 'Amount']}
          rows={view.targetReplication.investments.map((line) => [
            line.symbol,
            formatShares(line.numberOfShares),
            money(line.amountInvested),
          ])}
          empty="No target (no prices at that moment)."
        />
        <SimpleTable
          caption="Prices at that moment"
          headers={['Symbol', 'Price']}
          rows={Object.entries(view.prices).map(([symbol, price]) => [symbol, money(price)])}
          empty="No prices recorded yet."
        />
      </div>
    </div>
  );
};
