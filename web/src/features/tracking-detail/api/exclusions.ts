import { type ExclusionsPreview, exclusionsPreviewSchema } from '@etf-replicator/core/contracts/exclusions';
import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withRetryableIdempotencyKey } from '@/lib/idempotency';
import type { MutationConfig } from '@/lib/react-query';
import { type ExclusionsDraft, type exclusionChanges, namedCount } from '../utils/exclusions-draft';
import { useTrackingCommand } from './tracking-command';
import { ifMatchHeaders, rememberRevision } from './tracking-revision';

const exclusionsUrl = (trackingId: string) => `/api/trackings/${encodeURIComponent(trackingId)}/exclusions`;

/** GET /api/trackings/{id}/exclusions/preview: the tracking with exactly the draft's exclusions (nothing recorded). */
export const getExclusionsPreview = async (
  trackingId: string,
  draft: ExclusionsDraft,
  signal?: AbortSignal,
): Promise<ExclusionsPreview> => {
  const query = new URLSearchParams({
    symbols: draft.symbols.join(','),
    sectors: draft.sectors.join(','),
    mode: draft.mode,
  });
  // Industry names contain commas: one parameter each (issue 30).
  for (const industry of draft.industries) query.append('industries', industry);
  return exclusionsPreviewSchema.parse(
    await api.get<unknown>(`${exclusionsUrl(trackingId)}/preview?${query}`, signal ? { signal } : {}),
  );
};

export const useExclusionsPreview = (trackingId: string, draft: ExclusionsDraft, enabled: boolean) =>
  useQuery({
    queryKey: ['trackings', 'exclusions-preview', trackingId, draft],
    queryFn: ({ signal }) => getExclusionsPreview(trackingId, draft, signal),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });

type SaveInput = { trackingId: string; changes: ReturnType<typeof exclusionChanges> };

const send = (trackingId: string, method: 'POST' | 'DELETE', body: object): Promise<unknown> => {
  const url = exclusionsUrl(trackingId);
  return withRetryableIdempotencyKey(`${method} ${url} ${JSON.stringify(body)}`, (headers) => {
    const options = { headers: { ...headers, ...ifMatchHeaders(trackingId) } };
    return method === 'POST'
      ? api.post<unknown>(url, body, options)
      : api.deleteWithBody<unknown>(url, body, options);
  });
};

/**
 * Saves the panel: takes back what the draft dropped (DELETE), then excludes what it added (POST). Each is its own
 * command (its own history entry, revertible on its own); the second is sent on the revision the first answered.
 */
export const saveExclusions = async ({ trackingId, changes }: SaveInput): Promise<unknown> => {
  let answer: unknown;
  const { include, exclude } = changes;
  if (namedCount(include) > 0) {
    answer = await send(trackingId, 'DELETE', include);
    const detail = trackingDetailSchema.safeParse(answer);
    if (detail.success) rememberRevision(trackingId, detail.data.revision);
  }
  if (namedCount(exclude) > 0) answer = await send(trackingId, 'POST', exclude);
  return answer;
};

export const useSaveExclusions = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof saveExclusions>,
) => useTrackingCommand(trackingId, saveExclusions, mutationConfig);
