import { type AboutInfo, aboutSchema } from '@etf-replicator/core/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { AboutInfo };

/** GET /api/admin/about */
export const getAbout = async (): Promise<AboutInfo> =>
  aboutSchema.parse(await api.get<unknown>('/api/admin/about'));

export const getAboutQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'about'], queryFn: getAbout, staleTime: 0 });

export const useAbout = () => useQuery(getAboutQueryOptions());
