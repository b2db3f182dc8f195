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

/** An ETF whose trackings' recompute after a new snapshot failed: parked, the other ETFs went on (issue 27). */
export const parkedRecomputeSchema = z.object({
  symbol: z.string(),
  snapshotEventId: z.string(),
  failedAt: z.string(),
  error: z.string(),
});
export type ParkedRecompute = z.infer<typeof parkedRecomputeSchema>;

export const parkedEventsSchema = z.object({
  events: z.array(parkedEventSchema),
  recomputes: z.array(parkedRecomputeSchema),
});

/** POST /api/admin/projection-failures/recompute/retry */
export const retryRecomputeRequestSchema = z.strictObject({
  symbol: z.string().trim().min(1, 'is required'),
});
export const retryRecomputeResponseSchema = z.object({
  /** Trackings derived by the retry. */
  derived: z.number().int(),
  /** The error when it failed again (parked again), else null. */
  error: z.string().nullable(),
});

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

/** One ETF of a market-data refresh run (issue 20): a new snapshot, the same content again, or a failure. */
export const marketRefreshOutcomeSchema = z.object({
  symbol: z.string(),
  outcome: z.enum(['published', 'unchanged', 'failed']),
  /** Why it failed (the provider's answer, never the key); the ETF kept its previous snapshot. */
  reason: z.string().optional(),
});
export type MarketRefreshOutcome = z.infer<typeof marketRefreshOutcomeSchema>;

export const marketRefreshRunSchema = z.object({
  runId: z.string(),
  trigger: z.enum(['schedule', 'admin', 'cli']),
  status: z.enum(['running', 'succeeded', 'partial', 'failed', 'abandoned']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcomes: z.array(marketRefreshOutcomeSchema),
});
export type MarketRefreshRun = z.infer<typeof marketRefreshRunSchema>;

/** GET /api/admin/market/refreshes?page&size: the last runs, newest first. */
export const marketRefreshRunsPageSchema = z.object({
  content: z.array(marketRefreshRunSchema),
  totalElements: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** Whether a provider is configured (FMP_API_KEY) and, if scheduled, when the next run is due. */
  provider: z.enum(['fmp', 'none']),
  nextScheduledAt: z.string().nullable(),
});
export type MarketRefreshRunsPage = z.infer<typeof marketRefreshRunsPageSchema>;

/** POST /api/admin/market/refresh takes no options: an empty object (or no body). */
export const marketRefreshRequestSchema = z.object({}).strict();
