import type { NettedOrder } from '@etf-replicator/core/contracts/portfolio';
import { SellLots } from '@/features/tax-budget/components/sell-lots';
import { cn } from '@/lib/cn';
import { formatMoney, formatShares } from '@/lib/format';
import { sharesText } from '../utils/shares-text';

type Props = {
  order: NettedOrder;
  labels: ReadonlyMap<string, string>;
  selected: boolean;
  disabled: boolean;
  onSelected: (selected: boolean) => void;
};

/** One order at the broker: side, stock, shares, its value at the latest price, and each tracking's part. */
export const NettedOrderRow = ({ order, labels, selected, disabled, onSelected }: Props) => {
  const name = `${order.orderType} ${formatShares(order.shares)} ${order.symbol}`;
  return (
    <li
      data-order={order.symbol}
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 py-3"
    >
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        className="mt-1 size-4 rounded border-slate-300"
        checked={selected}
        disabled={disabled}
        onChange={(event) => onSelected(event.target.checked)}
      />
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span
            className={cn(
              'rounded px-1.5 py-0.5 text-xs font-bold',
              order.orderType === 'BUY' ? 'bg-green-50 text-green-700' : 'bg-red-50 text-red-700',
            )}
          >
            {order.orderType}
          </span>
          <span className="font-semibold text-slate-900">{order.symbol}</span>
          <span className="tabular-nums text-slate-800">{sharesText(order.shares)}</span>
        </p>
        <p className="mt-1 text-xs text-slate-600">
          {order.parts
            .map(
              (part) =>
                `${labels.get(part.trackingId) ?? part.trackingId} ${part.orderType} ${formatShares(part.shares)}`,
            )
            .join(' · ')}
        </p>
        {order.parts.map(
          (part) =>
            part.lots &&
            part.lots.length > 0 && (
              <SellLots
                key={part.trackingId}
                title={`${labels.get(part.trackingId) ?? part.trackingId} sells these lots (specific identification):`}
                lots={part.lots}
                className="mt-2 text-xs"
              />
            ),
        )}
      </div>
      <span className="text-right text-sm tabular-nums text-slate-600">
        {order.amount !== null && (
          <>
            <span className="sr-only">about </span>≈ {formatMoney(order.amount)}
          </>
        )}
      </span>
    </li>
  );
};
