import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { type AuditFilters, filtersToSearch } from '../utils/audit-filters';

export const AUDIT_PAGE_SIZE = 50;

const auditEntrySchema = z.object({
  seq: z.number(),
  eventId: z.string(),
  position: z.string(),
  streamId: z.string(),
  category: z.string(),
  streamRevision: z.number(),
  eventType: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  correlationId: z.string().nullable(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/admin/audit: one page, newest first; `cursor` is the previous page's nextCursor. */
export const getAuditPage = async (filters: AuditFilters, cursor: string | null): Promise<AuditPage> => {
  const params = filtersToSearch(filters);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return auditPageSchema.parse(await api.get<unknown>(`/api/admin/audit?${params}`));
};

export const getAuditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions<
    AuditPage,
    Error,
    InfiniteData<AuditPage, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ pageParam }) => getAuditPage(filters, pageParam),
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

export const useAuditLog = (filters: AuditFilters) => useInfiniteQuery(getAuditLogQueryOptions(filters));
