import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const optionsSchema = z.object({ categories: z.array(z.string()), eventTypes: z.array(z.string()) });
export type AuditFilterOptions = z.infer<typeof optionsSchema>;

/** GET /api/admin/audit/filters: the categories and event types recorded so far. */
export const getAuditFilterOptions = async (): Promise<AuditFilterOptions> =>
  optionsSchema.parse(await api.get<unknown>('/api/admin/audit/filters'));

export const useAuditFilterOptions = () =>
  useQuery(queryOptions({ queryKey: ['admin', 'audit-filters'], queryFn: getAuditFilterOptions }));
