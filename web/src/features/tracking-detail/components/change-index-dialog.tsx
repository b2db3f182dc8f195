import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { previewErrorMessage } from '@/features/indexes/api/preview-index';
import { IndexEditor } from '@/features/indexes/components/index-editor';
import { IndexPreviewSummary } from '@/features/indexes/components/index-preview-summary';
import { useDraftPreview, usePaidPlan } from '@/features/indexes/hooks/use-draft-preview';
import { draftOf, draftProblem, type IndexDraft } from '@/features/indexes/utils/index-draft';
import { trackingName } from '@/features/indexes/utils/tracking-name';
import { useChangeIndex } from '../api/change-index';
import type { TrackingDetail } from '../api/get-tracking';
import { ImpliedOrders } from './implied-orders';

type Props = { detail: TrackingDetail; open: boolean; onClose: () => void };

/**
 * Change index (issue 30): the same editor as the wizard; the new target rate and the orders it implies are shown
 * (the server's preview for this tracking) before anything is saved.
 */
export const ChangeIndexDialog = ({ detail, open, onClose }: Props) => (
  <Dialog
    open={open}
    onOpenChange={(next) => !next && onClose()}
    wide
    title="Change index"
    description={`This tracking replicates ${trackingName(detail)}. Pick what it should replicate from now on; you can revert the change in the history.`}
  >
    {open && <ChangeIndexForm detail={detail} onClose={onClose} />}
  </Dialog>
);

const ChangeIndexForm = ({ detail, onClose }: Omit<Props, 'open'>) => {
  const [draft, setDraft] = useState<IndexDraft>(() => draftOf(detail.index, detail.symbol));
  const [error, setError] = useState<string>();
  const { paid, plan } = usePaidPlan();
  const checked = useDraftPreview(draft, {
    trackingId: detail.trackingId,
    enabled: paid || draft.kind === 'etf',
  });
  const change = useChangeIndex(detail.trackingId, {
    onSuccess: onClose,
    onError: (failure) => setError(previewErrorMessage(failure)),
  });
  const preview = checked.preview.data;
  const unchanged =
    checked.current &&
    preview &&
    JSON.stringify(preview.index) === JSON.stringify(detail.index ?? { type: 'etf', symbol: detail.symbol });
  const reason =
    draftProblem(draft) ??
    (draft.kind !== 'etf' && !paid
      ? 'Blends and lists need a paid plan.'
      : checked.preview.isError
        ? 'Fix the index first: see the message above.'
        : !checked.current
          ? 'Checking the new index…'
          : unchanged
            ? 'This is the index the tracking follows now.'
            : undefined);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason || !checked.request || change.isPending) return;
    setError(undefined);
    change.mutate({ trackingId: detail.trackingId, index: checked.request });
  };
  return (
    <form noValidate onSubmit={submit} className="w-full min-w-0 space-y-4">
      <IndexEditor
        name="change-index"
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          setError(undefined);
        }}
        paid={paid}
        plan={plan}
        disabled={change.isPending}
        etfPicker={
          <TextField
            label="ETF symbol"
            value={draft.etf ?? ''}
            autoCapitalize="characters"
            onChange={(event) => setDraft({ ...draft, etf: event.target.value.toUpperCase() || undefined })}
          />
        }
      />
      {checked.request && (
        <IndexPreviewSummary preview={preview} error={checked.preview.error} loading={checked.checking} />
      )}
      {checked.current && preview?.tracking && !unchanged && (
        <ImpliedOrders tracking={preview.tracking} currentRate={detail.targetReplicationRate} />
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
      {reason && <p className="text-sm text-slate-600">{reason}</p>}
      <div className="flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary" disabled={change.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={reason !== undefined} aria-disabled={change.isPending || undefined}>
          {change.isPending ? 'Saving...' : 'Save new index'}
        </Button>
      </div>
    </form>
  );
};
