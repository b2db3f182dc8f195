import { emailsOfUsers, userIdsByEmail } from '@etf-replicator/projections/audit-log/index';
import { findTrackings, getTrackingRecord } from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const SYMBOL = /^[A-Za-z][A-Za-z0-9.-]{0,11}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIMIT = 50;

export const trackingHitSchema = z.object({
  trackingId: z.string(),
  symbol: z.string(),
  userId: z.string(),
  ownerEmail: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
});

type Hit = { trackingId: string; symbol: string; userId: string; deleted: boolean; createdAt: Date };

/**
 * GET /api/admin/trackings?q=: support's tracking picker. `q` is part of the owner's e-mail, an ETF symbol or a
 * tracking id; without it the newest trackings. Deleted trackings are included (the log keeps them).
 */
export const searchTrackingsRoute = (app: FastifyInstance) => {
  const db = app.db.pool;
  const toHits = (rows: Awaited<ReturnType<typeof findTrackings>>): Hit[] =>
    rows.map((row) => ({
      trackingId: row.tracking_id,
      symbol: row.symbol,
      userId: row.user_id,
      deleted: row.deleted,
      createdAt: row.created_at,
    }));
  const byId = async (id: string): Promise<Hit[]> => {
    const record = await getTrackingRecord(db, id);
    if (!record) return [];
    const [created] = await app.eventStore.readStream(`tracking-${id}`, { maxCount: 1 });
    return [{ ...record, createdAt: created?.recordedAt ?? new Date(0) }];
  };
  const byEmail = async (text: string): Promise<Hit[]> => {
    const userIds = await userIdsByEmail(db, text);
    return userIds.length ? toHits(await findTrackings(db, { userIds, limit: LIMIT })) : [];
  };
  const search = async (q: string): Promise<Hit[]> => {
    if (!q) return toHits(await findTrackings(db, { limit: LIMIT }));
    if (UUID.test(q)) return byId(q);
    const bySymbol = SYMBOL.test(q)
      ? toHits(await findTrackings(db, { symbol: q.toUpperCase(), limit: LIMIT }))
      : [];
    return [...bySymbol, ...(await byEmail(q))];
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/trackings',
    {
      schema: {
        tags: ['admin'],
        summary: "Find trackings by the owner's e-mail, the symbol or the id",
        security: [{ bearerAuth: [] }],
        querystring: z.object({ q: z.string().trim().max(254).optional() }),
        response: { 200: z.array(trackingHitSchema) },
      },
    },
    async (request) => {
      const hits = [...new Map((await search(request.query.q ?? '')).map((h) => [h.trackingId, h])).values()]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, LIMIT);
      const emails = await emailsOfUsers(
        db,
        hits.map((hit) => hit.userId),
      );
      return hits.map((hit) => ({
        ...hit,
        ownerEmail: emails.get(hit.userId) ?? null,
        createdAt: hit.createdAt.toISOString(),
      }));
    },
  );
};
