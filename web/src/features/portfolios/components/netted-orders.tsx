import { type NettedOrder, portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import type { PortfolioResponse } from '../api/get-portfolio';
import { useNettedExecution } from '../hooks/use-netted-execution';
import { labelsById } from '../utils/holdings-view';
import { nettingSaving, orderKey } from '../utils/netted-orders';
import { BudgetNotes } from './budget-notes';
import { FIRST_ROWS } from './holdings-table';
import { NettedFillsDialog } from './netted-fills-dialog';
import { NettedOrderRow } from './netted-order-row';
import { OrdersExport } from './orders-export';

const savingText = (saving: PortfolioResponse['saving']): string => {
  const { orders, dollars } = nettingSaving(saving);
  if (orders === 0 && dollars.isZero())
    return "Your trackings' orders do not offset each other today: netting saves nothing.";
  return `Netting saves ${orders} ${orders === 1 ? 'order' : 'orders'} and ${formatMoney(dollars)} of trading: ${saving.ordersBefore} orders for ${formatMoney(saving.tradedBefore)} one tracking at a time, ${saving.ordersAfter} for ${formatMoney(saving.tradedAfter)} netted.`;
};

/**
 * Issue 29 item 2: every tracking's adjustment orders netted by stock, one order per stock at the broker. Select and
 * record them as executed (paid plans; Free is told why before clicking), or export them in a broker's layout.
 */
export const NettedOrders = ({ portfolio }: { portfolio: PortfolioResponse }) => {
  const { orders, canExecuteNetted } = portfolio;
  const run = useNettedExecution(portfolio.revision, orders);
  const labels = labelsById(portfolio.trackings);
  const locked = !canExecuteNetted || run.executing;
  const planNoteId = useId();
  // A long list (hundreds of stocks) shows its first orders; Select all still selects every order, shown or not.
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? orders : orders.slice(0, FIRST_ROWS);
  return (
    <SectionCard
      title="Orders for your broker"
      intro="Each stock once, all trackings' orders netted. Place them at your broker, then record them here: each tracking records its part."
      actions={
        orders.length > 0 && (
          <div className="flex flex-wrap items-center gap-4">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300"
                checked={run.allSelected}
                disabled={locked}
                onChange={run.toggleAll}
              />
              Select all
            </label>
            <Button
              aria-disabled={locked || run.chosen.length === 0 || undefined}
              aria-describedby={canExecuteNetted ? undefined : planNoteId}
              onClick={() => !locked && run.confirm()}
            >
              {run.executing ? 'Recording...' : `Record selected (${run.chosen.length})`}
            </Button>
          </div>
        )
      }
    >
      <p className="text-sm text-slate-700" data-testid="netting-saving">
        {savingText(portfolio.saving)}
      </p>
      <BudgetNotes trackings={portfolio.trackings} />
      {!canExecuteNetted && orders.length > 0 && (
        <p
          id={planNoteId}
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {`${portfolioMessages.paidPlanOnly}. `}
          <TextLink to={paths.pricing}>See the plans</TextLink>
          {'. You can still export the orders, or record them in each tracking.'}
        </p>
      )}
      {run.refusal && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {run.refusal}
        </p>
      )}
      {orders.length === 0 ? (
        <p className="text-sm text-slate-600">No orders: every tracking matches its target.</p>
      ) : (
        <ul aria-label="Netted orders" className="divide-y divide-slate-100">
          {shown.map((order: NettedOrder) => (
            <NettedOrderRow
              key={orderKey(order)}
              order={order}
              labels={labels}
              selected={run.selected.has(orderKey(order))}
              disabled={locked}
              onSelected={(on) => run.toggle(order, on)}
            />
          ))}
        </ul>
      )}
      {orders.length > FIRST_ROWS && (
        <Button variant="secondary" onClick={() => setShowAll((all) => !all)}>
          {showAll ? `Show the first ${FIRST_ROWS} orders` : `Show all ${orders.length} orders`}
        </Button>
      )}
      {orders.length > 0 && <OrdersExport />}
      <NettedFillsDialog confirmation={run.confirmation} />
    </SectionCard>
  );
};
