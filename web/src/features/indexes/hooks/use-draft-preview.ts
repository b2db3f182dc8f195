import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSession } from '@/stores/session-store';
import { useIndexPreview } from '../api/preview-index';
import { type IndexDraft, indexRequestOf } from '../utils/index-draft';

/** Free (no paid plan): blends and lists are refused, so the editor says so instead of asking the server. */
export const usePaidPlan = (): { paid: boolean; plan: string | undefined } => {
  const plan = useSession((state) => state.plan);
  return { paid: plan !== undefined && plan !== 'FREE', plan };
};

/**
 * The server's preview of the draft once typing has paused, for blends and lists (and for one ETF when a tracking's
 * orders are wanted). `current` says whether the preview shown is of the draft as it is now.
 */
export const useDraftPreview = (
  draft: IndexDraft,
  { trackingId, enabled = true }: { trackingId?: string; enabled?: boolean } = {},
) => {
  const wanted = enabled && (draft.kind !== 'etf' || trackingId !== undefined);
  const request = wanted ? indexRequestOf(draft) : undefined;
  const debounced = useDebouncedValue(request, 400);
  const key = JSON.stringify(request ?? null);
  const settled = key === JSON.stringify(debounced ?? null);
  const preview = useIndexPreview(settled ? debounced : undefined, trackingId);
  const current = settled && request !== undefined && !preview.isPlaceholderData && preview.isSuccess;
  return { request, preview, current, checking: request !== undefined && (!settled || preview.isFetching) };
};
