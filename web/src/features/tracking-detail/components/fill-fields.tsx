import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { OrderFillFieldset } from '@/components/ui/order-fill-fieldset';
import { formatMoney } from '@/lib/format';
import type { FillDraft, FillErrors, OpenLot } from '../utils/fills-draft';
import { LotsChooser } from './lots-chooser';

type Props = {
  order: AdjustmentOrderLine;
  draft: FillDraft;
  /** The messages to show now (after an edit of the field or a Record). */
  errors: FillErrors;
  snapshotPrice: string | undefined;
  /** Open lots of the order's symbol; undefined while they load. */
  lots: readonly OpenLot[] | undefined;
  lotMethod: string | undefined;
  today: string;
  onChange: (draft: FillDraft) => void;
};

/** One order's fill: the price the broker filled at, the trade date and, for a SELL, the lots (issue 32 item 4). */
export const FillFields = ({
  order,
  draft,
  errors,
  snapshotPrice,
  lots,
  lotMethod,
  today,
  onChange,
}: Props) => (
  <OrderFillFieldset
    order={order}
    price={draft.price}
    tradeDate={draft.tradeDate}
    errors={errors}
    today={today}
    onPriceChange={(price) => onChange({ ...draft, price })}
    onTradeDateChange={(tradeDate) => onChange({ ...draft, tradeDate })}
    priceHint={
      snapshotPrice ? `Snapshot price ${formatMoney(snapshotPrice)}` : 'No snapshot price for this stock'
    }
  >
    {order.orderType === 'SELL' && (
      <LotsChooser
        order={order}
        draft={draft}
        lots={lots}
        lotMethod={lotMethod}
        error={errors.lots}
        onChange={onChange}
      />
    )}
  </OrderFillFieldset>
);
