import { type ReactNode, useId } from 'react';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { formatShares } from '@/lib/format';

type FilledOrder = { readonly orderType: 'BUY' | 'SELL'; readonly shares: string; readonly symbol: string };
type Errors = { readonly price?: string | undefined; readonly tradeDate?: string | undefined };

type Props = {
  order: FilledOrder;
  price: string;
  tradeDate: string;
  errors: Errors;
  /** The line under the price field (where the price starts from, what the fill amounts to). */
  priceHint: ReactNode;
  today: string;
  onPriceChange: (price: string) => void;
  onTradeDateChange: (tradeDate: string) => void;
  /** More fields of the same order (a SELL's lots). */
  children?: ReactNode;
};

const FieldMessage = ({ id, text }: { id: string; text: string | undefined }) => (
  <p id={id} aria-live="polite" className="mt-1 min-h-4 text-xs text-red-700">
    {text}
  </p>
);

/** One executed order's fill price and trade date, as a tracking's and the portfolio's fills dialogs ask them. */
export const OrderFillFieldset = ({
  order,
  price,
  tradeDate,
  errors,
  priceHint,
  today,
  onPriceChange,
  onTradeDateChange,
  children,
}: Props) => {
  const id = useId();
  const name = `${order.orderType} ${formatShares(order.shares)} ${order.symbol}`;
  return (
    <fieldset className="min-w-0 rounded-lg p-3 ring-1 ring-slate-200" data-fill={order.symbol}>
      <legend className="px-1 text-sm font-semibold text-slate-900">
        <span className={order.orderType === 'BUY' ? 'text-green-700' : 'text-red-700'}>
          {order.orderType}
        </span>{' '}
        {formatShares(order.shares)} {order.symbol}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <label htmlFor={`${id}-price`} className="block text-sm font-medium text-slate-800">
            Fill price <span className="sr-only">of {name}</span>
          </label>
          <div className="relative mt-1">
            <span
              aria-hidden="true"
              className="absolute inset-y-0 left-0 flex items-center pl-3 text-slate-500"
            >
              $
            </span>
            <input
              id={`${id}-price`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={price}
              aria-invalid={errors.price !== undefined || undefined}
              aria-describedby={`${id}-price-hint ${id}-price-message`}
              className={cn(inputClasses, 'pl-7 text-right tabular-nums')}
              onChange={(event) => onPriceChange(event.target.value)}
            />
          </div>
          <p id={`${id}-price-hint`} className="mt-1 text-xs text-slate-500">
            {priceHint}
          </p>
          <FieldMessage id={`${id}-price-message`} text={errors.price} />
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-800">
            Trade date <span className="sr-only">of {name}</span>
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={tradeDate}
            max={today}
            aria-invalid={errors.tradeDate !== undefined || undefined}
            aria-describedby={`${id}-date-message`}
            className={cn(inputClasses, 'mt-1 tabular-nums')}
            onChange={(event) => onTradeDateChange(event.target.value)}
          />
          <FieldMessage id={`${id}-date-message`} text={errors.tradeDate} />
        </div>
      </div>
      {children}
    </fieldset>
  );
};
