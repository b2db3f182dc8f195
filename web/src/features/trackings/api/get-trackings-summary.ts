import { type TrackingSummary, trackingSummarySchema } from '@etf-replicator/core/contracts/trackings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const getTrackingsSummary = async (): Promise<TrackingSummary[]> =>
  z.array(trackingSummarySchema).parse(await api.get<unknown>('/api/trackings/trackings-summary'));

export const getTrackingsSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['trackings', 'summary'], queryFn: getTrackingsSummary, staleTime: 0 });

export const useTrackingsSummary = () => useQuery(getTrackingsSummaryQueryOptions());
