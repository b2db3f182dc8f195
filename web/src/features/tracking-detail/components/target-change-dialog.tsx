import { type FormEvent, useState } from 'react';
import { AmountInput } from '@/components/ui/amount-input';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useChangeInvestment } from '../api/change-investment';
import { readTargetChange } from '../utils/target-change';

type Props = {
  trackingId: string;
  direction: 'raise' | 'lower' | undefined;
  /** The current target amount (decimal string). */
  target: string;
  onClose: () => void;
};

const texts = {
  raise: {
    title: 'Raise target',
    description: 'Add money to the tracking. The target allocation grows and new orders are suggested.',
    label: 'Amount to add (USD)',
    submit: 'Raise target',
  },
  lower: {
    title: 'Lower target',
    description:
      'Take money out of the tracking. The target allocation shrinks and new orders are suggested.',
    label: 'Amount to withdraw (USD)',
    submit: 'Lower target',
  },
} as const;

/** The raise-target and lower-target modals (spec 2 §2, §5); raising offers buy-only (DESIGN §6.1). */
export const TargetChangeDialog = ({ trackingId, direction, target, onClose }: Props) => {
  const [amount, setAmount] = useState('');
  const [buyOnly, setBuyOnly] = useState(false);
  const [error, setError] = useState<string>();
  const close = () => {
    setAmount('');
    setBuyOnly(false);
    setError(undefined);
    onClose();
  };
  const change = useChangeInvestment(trackingId, {
    onSuccess: close,
    onError: (failure) =>
      setError(
        isApiError(failure) && failure.message ? failure.message : 'Something went wrong. Please try again.',
      ),
  });
  const mode = direction ?? 'raise';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const result = readTargetChange(amount, mode, target);
    if (!result.ok) return setError(result.message);
    setError(undefined);
    change.mutate({
      trackingId,
      direction: mode,
      amount: result.amount,
      ...(mode === 'raise' ? { buyOnly } : {}),
    });
  };
  return (
    <Dialog
      open={direction !== undefined}
      onOpenChange={(open) => !open && !change.isPending && close()}
      title={texts[mode].title}
      description={`${texts[mode].description} Current target: ${formatMoney(target)}.`}
    >
      <form noValidate onSubmit={submit} className="w-full space-y-4">
        <AmountInput
          label={texts[mode].label}
          value={amount}
          error={error}
          autoFocus
          onValueChange={(text) => {
            setAmount(text);
            setError(undefined);
          }}
        />
        {mode === 'raise' && (
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300"
              checked={buyOnly}
              onChange={(event) => setBuyOnly(event.target.checked)}
            />
            <span>
              Buy only
              <span className="block text-xs text-slate-500">
                Invest the new cash without selling anything you hold.
              </span>
            </span>
          </label>
        )}
        <div className="flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary" disabled={change.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" aria-disabled={change.isPending || undefined}>
            {change.isPending ? 'Saving...' : texts[mode].submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
