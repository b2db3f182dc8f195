import { z } from 'zod';

/** How far one projection has applied the log (GET /api/health and the About page). */
export const projectionStatusSchema = z.object({
  name: z.string(),
  position: z.string().nullable(),
  caughtUp: z.boolean(),
  lastError: z.string().nullable(),
});

/** GET /api/admin/about: what the admin About page shows; the API answers it and the web client parses it. */
export const aboutSchema = z.object({
  version: z.string(),
  webBuiltAt: z.string().nullable(),
  startedAt: z.string(),
  nodeVersion: z.string(),
  environment: z.string(),
  eventStore: z.object({ kind: z.string(), headPosition: z.string().nullable() }),
  readModels: z.object({ kind: z.string() }),
  projections: z.array(
    projectionStatusSchema.extend({
      /** Events in the log after the projection's checkpoint, counted up to `lagLimit`. */
      eventsBehind: z.number().int(),
    }),
  ),
  lagLimit: z.number().int(),
});
export type AboutInfo = z.infer<typeof aboutSchema>;

/** One event a projector could not apply and parked (GET /api/admin/projection-failures). */
export const parkedEventSchema = z.object({
  projector: z.string(),
  eventId: z.string(),
  position: z.string(),
  streamId: z.string(),
  eventType: z.string(),
  error: z.string(),
  /** Did not fail itself: waits behind an earlier parked event of its stream. */
  held: z.boolean(),
  attempts: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
});
export type ParkedEvent = z.infer<typeof parkedEventSchema>;

export const parkedEventsSchema = z.object({ events: z.array(parkedEventSchema) });

/** POST /api/admin/projection-failures/retry */
export const retryParkedRequestSchema = z
  .object({
    projector: z.string().trim().min(1, 'is required'),
    eventId: z.string().trim().min(1, 'is required'),
  })
  .strict();
export const retryParkedResponseSchema = z.object({
  applied: z.number().int(),
  remaining: z.number().int(),
  error: z.string().nullable(),
});
export type RetryParkedResult = z.infer<typeof retryParkedResponseSchema>;

/** POST /api/admin/market/import: publish the bundled snapshot with the closes of one date. */
export const marketImportRequestSchema = z
  .object({
    asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
  })
  .strict();
export type MarketImportRequest = z.infer<typeof marketImportRequestSchema>;

export const marketImportResponseSchema = z.object({
  asOf: z.string(),
  /** Holdings over all ETFs that had no close of the date and took the nearest earlier one. */
  fellBack: z.number().int(),
  snapshots: z.array(
    z.object({
      symbol: z.string(),
      outcome: z.enum(['appended', 'unchanged', 'kept-other-source']),
      exact: z.number().int(),
      earlier: z.number().int(),
      unpriced: z.number().int(),
    }),
  ),
  /** Drift alerts the new snapshots raised (issue 20). */
  driftAlerts: z.number().int(),
});
export type MarketImportResult = z.infer<typeof marketImportResponseSchema>;
