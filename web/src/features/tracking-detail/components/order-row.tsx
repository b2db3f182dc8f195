import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { dec } from '@etf-replicator/core/shared/decimal';
import { Button } from '@/components/ui/button';
import { SellLots } from '@/features/tax-budget/components/sell-lots';
import { plainNumberText } from '@/lib/amount-text';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { SharesInput } from './shares-input';

type Props = {
  order: AdjustmentOrderLine;
  price: string | undefined;
  text: string;
  error: string | undefined;
  fractionalEnabled: boolean;
  readOnly: boolean;
  selected: boolean;
  executing: boolean;
  onText: (text: string) => void;
  onSelected: (selected: boolean) => void;
  onExecute: () => void;
};

const estimate = (text: string, price: string | undefined): string | undefined => {
  const plain = plainNumberText(text);
  if (price === undefined || !/^\d+(\.\d+)?$/.test(plain)) return undefined;
  return formatMoney(dec(plain).mul(dec(price)));
};

/** One suggested order: select, type, symbol, shares, its value at the snapshot price, Execute. */
export const OrderRow = (props: Props) => {
  const { order, price, text, selected, executing } = props;
  const name = `${order.orderType} ${order.symbol}`;
  const value = estimate(text, price);
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3" data-order={order.symbol}>
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        className="mt-2.5 size-4 rounded border-slate-300"
        checked={selected}
        disabled={executing}
        onChange={(event) => props.onSelected(event.target.checked)}
      />
      <span
        className={cn(
          'mt-1.5 w-12 rounded px-1.5 py-0.5 text-center text-xs font-bold',
          order.orderType === 'BUY' ? 'bg-green-50 text-green-700' : 'bg-red-50 text-red-700',
        )}
      >
        {order.orderType}
      </span>
      <span className="mt-1.5 w-16 font-semibold text-slate-900">{order.symbol}</span>
      <div className="flex-1">
        <SharesInput
          label={`Shares to ${name}`}
          value={text}
          onValueChange={props.onText}
          fractionalEnabled={props.fractionalEnabled}
          readOnly={props.readOnly}
          error={props.error}
          disabled={executing}
        />
      </div>
      <span className="mt-2 w-28 text-right text-sm tabular-nums text-slate-600">
        {value && (
          <>
            <span className="sr-only">about </span>≈ {value}
          </>
        )}
      </span>
      <Button
        variant="secondary"
        disabled={executing}
        aria-label={`Execute ${name}`}
        onClick={props.onExecute}
      >
        {executing ? 'Executing...' : 'Execute'}
      </Button>
      {order.lots && order.lots.length > 0 && (
        <SellLots
          title="Tell your broker to sell these lots (specific identification):"
          lots={order.lots}
          className="w-full min-w-0 text-sm"
        />
      )}
    </li>
  );
};
