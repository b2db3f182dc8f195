import type { Replacement } from '@etf-replicator/core/contracts/taxes';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { formatMoney, formatShares } from '@/lib/format';
import type { HarvestCandidate } from '../api/get-harvesting-candidates';
import { harvestPreview } from '../utils/harvest-preview';

export type HarvestChoice = { candidate: HarvestCandidate; replacement: Replacement };

type Props = {
  choice: HarvestChoice | undefined;
  fractional: boolean;
  pending: boolean;
  onConfirm: (choice: HarvestChoice) => void;
  onClose: () => void;
};

/** The realised loss and the two orders, before anything is recorded. */
export const HarvestDialog = ({ choice, fractional, pending, onConfirm, onClose }: Props) => {
  const preview = choice && harvestPreview(choice.candidate, choice.replacement, fractional);
  return (
    <Dialog
      open={choice !== undefined}
      onOpenChange={(open) => !open && !pending && onClose()}
      title={choice ? `Harvest ${choice.candidate.symbol}` : 'Harvest'}
      description={
        choice
          ? `Sell the lots of ${choice.candidate.symbol} at a loss and buy ${choice.replacement.symbol} for the proceeds, recorded as one action you can revert.`
          : ''
      }
      body={
        choice &&
        preview && (
          <div className="space-y-3">
            <dl className="rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
              <dt className="text-xs text-red-800">Realised loss</dt>
              <dd className="text-xl font-semibold text-red-800 tabular-nums">
                {formatMoney(choice.candidate.loss)}
              </dd>
              <dd className="text-xs text-red-800">
                {`Short term ${formatMoney(choice.candidate.shortTermLoss)} · long term ${formatMoney(choice.candidate.longTermLoss)}`}
              </dd>
            </dl>
            <div>
              <p className="font-medium text-slate-900">Orders</p>
              <ul aria-label="Harvest orders" className="mt-1 space-y-1">
                {preview.orders.map((order) => (
                  <li key={order.orderType} className="flex flex-wrap justify-between gap-x-3 tabular-nums">
                    <span>
                      <span className="font-semibold">{order.orderType}</span>
                      {` ${formatShares(order.shares)} ${order.symbol} at ${formatMoney(order.price)}`}
                    </span>
                    <span>{formatMoney(order.amount)}</span>
                  </li>
                ))}
                <li className="flex flex-wrap justify-between gap-x-3 text-slate-500 tabular-nums">
                  <span>Cash left over</span>
                  <span>{formatMoney(preview.leftover)}</span>
                </li>
              </ul>
            </div>
            <p className="text-xs text-slate-500">
              {`Place both orders at your broker: ETF Replicator never trades. For 30 days no BUY of ${choice.candidate.symbol} is suggested (the wash-sale window). Not tax advice.`}
            </p>
          </div>
        )
      }
    >
      <DialogClose asChild>
        <Button variant="secondary" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button disabled={pending || !choice} onClick={() => choice && onConfirm(choice)}>
        {pending ? 'Harvesting…' : 'Confirm harvest'}
      </Button>
    </Dialog>
  );
};
