import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const trackingHitSchema = z.object({
  trackingId: z.string(),
  symbol: z.string(),
  userId: z.string(),
  ownerEmail: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
});
export type TrackingHit = z.infer<typeof trackingHitSchema>;

/** GET /api/admin/trackings?q=: by part of the owner's e-mail, the symbol or the id; newest first. */
export const searchTrackings = async (q: string): Promise<TrackingHit[]> =>
  z
    .array(trackingHitSchema)
    .parse(await api.get<unknown>(`/api/admin/trackings${q ? `?q=${encodeURIComponent(q)}` : ''}`));

export const searchTrackingsQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['admin', 'trackings', q], queryFn: () => searchTrackings(q), staleTime: 0 });

export const useTrackingSearch = (q: string) =>
  useQuery({ ...searchTrackingsQueryOptions(q), placeholderData: keepPreviousData });
