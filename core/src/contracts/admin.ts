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
