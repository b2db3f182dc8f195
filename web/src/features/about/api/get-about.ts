import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const aboutSchema = z.object({
  version: z.string(),
  webBuiltAt: z.string().nullable(),
  startedAt: z.string(),
  nodeVersion: z.string(),
  environment: z.string(),
  eventStore: z.object({ kind: z.string(), headPosition: z.string().nullable() }),
  readModels: z.object({ kind: z.string() }),
  projections: z.array(
    z.object({
      name: z.string(),
      position: z.string().nullable(),
      caughtUp: z.boolean(),
      eventsBehind: z.number(),
      lastError: z.string().nullable(),
    }),
  ),
  lagLimit: z.number(),
});
export type AboutInfo = z.infer<typeof aboutSchema>;

/** GET /api/admin/about */
export const getAbout = async (): Promise<AboutInfo> =>
  aboutSchema.parse(await api.get<unknown>('/api/admin/about'));

export const getAboutQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'about'], queryFn: getAbout, staleTime: 0 });

export const useAbout = () => useQuery(getAboutQueryOptions());
