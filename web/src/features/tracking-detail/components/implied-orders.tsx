import type { IndexPreview } from '@/features/indexes/api/preview-index';
import { formatPercent, formatShares } from '@/lib/format';

const SHOWN = 12;

/** What saving the new index would do (issue 30): the target rate it reaches and the orders it suggests. */
export const ImpliedOrders = ({
  tracking,
  currentRate,
}: {
  tracking: NonNullable<IndexPreview['tracking']>;
  /** The tracking's target rate now, for comparison. */
  currentRate: string;
}) => {
  const orders = tracking.adjustmentOrders;
  const more = orders.length - Math.min(orders.length, SHOWN);
  return (
    <section aria-label="What saving changes" className="min-w-0 space-y-2 text-sm text-slate-700">
      <p data-testid="new-target-rate">
        {`Target rate after all orders: ${formatPercent(tracking.targetReplicationRate)} (now ${formatPercent(currentRate)}).`}
      </p>
      {orders.length === 0 ? (
        <p>No orders: what you hold already matches the new target.</p>
      ) : (
        <>
          <p className="font-medium text-slate-900">{`${orders.length} suggested ${orders.length === 1 ? 'order' : 'orders'}:`}</p>
          <ul className="grid grid-cols-1 gap-x-4 gap-y-0.5 sm:grid-cols-2" data-testid="implied-orders">
            {orders.slice(0, SHOWN).map((order) => (
              <li key={`${order.orderType}-${order.symbol}`} className="tabular-nums">
                <span className={order.orderType === 'BUY' ? 'text-emerald-700' : 'text-red-700'}>
                  {order.orderType}
                </span>
                {` ${formatShares(order.shares)} ${order.symbol}`}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="text-xs text-slate-500">{`and ${more} more`}</p>}
        </>
      )}
    </section>
  );
};
