import type { NettedOrder } from '@etf-replicator/core/contracts/portfolio';
import { OrderFillFieldset } from '@/components/ui/order-fill-fieldset';
import { formatMoney, formatShares } from '@/lib/format';
import {
  type NettedFill,
  type NettedFillErrors,
  nettedFillAmount,
  nettedFillPrice,
} from '../utils/netted-fills';

type Props = {
  order: NettedOrder;
  fill: NettedFill;
  errors: NettedFillErrors;
  today: string;
  onChange: (fill: NettedFill) => void;
};

/** One netted order's fill: the price the broker filled at and the trade date, with shares × price. */
export const NettedFillFields = ({ order, fill, errors, today, onChange }: Props) => {
  const amount = nettedFillAmount(order, fill);
  return (
    <OrderFillFieldset
      order={order}
      price={fill.price}
      tradeDate={fill.tradeDate}
      errors={errors}
      today={today}
      onPriceChange={(price) => onChange({ ...fill, price })}
      onTradeDateChange={(tradeDate) => onChange({ ...fill, tradeDate })}
      priceHint={
        <>
          {order.price === null
            ? 'No latest price for this stock'
            : `Latest price ${formatMoney(order.price)}`}
          {amount !== null &&
            ` · ${formatShares(order.shares)} × ${formatMoney(nettedFillPrice(fill))} = ${formatMoney(amount)}`}
        </>
      }
    />
  );
};
