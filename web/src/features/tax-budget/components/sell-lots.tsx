import type { OrderLot } from '@etf-replicator/core/contracts/taxes';
import { cn } from '@/lib/cn';
import { orderLotText } from '../utils/order-lots-text';

/**
 * The lots a budgeted SELL closes (issue 31), as the investor tells the broker (specific identification): on the
 * tracking's orders and on each tracking's part of the portfolio's netted orders.
 */
export const SellLots = ({
  title,
  lots,
  className,
}: {
  title: string;
  lots: readonly OrderLot[];
  className?: string;
}) => (
  <div className={cn('rounded-md bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-200', className)}>
    <p className="font-medium">{title}</p>
    <ul className="mt-1 list-disc space-y-0.5 pl-5">
      {lots.map((lot) => (
        <li key={lot.lotId ?? 'unknown'} className="break-words">
          {orderLotText(lot)}
        </li>
      ))}
    </ul>
  </div>
);
