import { trackingSummarySchema } from '@etf-replicator/core/contracts/trackings';
import {
  EMPTY_TRACKINGS_SUMMARY,
  getTrackingsSummaries,
  getTrackingsSummaryVersions,
} from '@etf-replicator/projections/trackings/summary-queries';
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { compiledSerializerCompiler } from '../http/compiled-serializer';
import { entityTag } from '../http/conditional-get';
import { coalesceLookups } from '../infrastructure/coalesced-lookup';

/** A user's trackings-summary answer as served: the list's version, its JSON and its ETag. */
export type ServedTrackingsSummary = {
  readonly version: string;
  readonly json: string;
  readonly etag: string;
};

/** The route's own serializer (its response schema compiled by fast-json-stringify): the same bytes as before. */
export const trackingsSummaryResponseSchema = z.array(trackingSummarySchema);
const serialize = compiledSerializerCompiler({ schema: trackingsSummaryResponseSchema }) as (
  trackings: unknown,
) => string;

/** Answers kept per process (the oldest built goes first): about half a kilobyte per tracking. */
const KEPT = 10_000;

/**
 * GET /api/trackings/trackings-summary (issue 28: reads). Each read asks the database for its list's version only (a
 * small statement that reads no view), coalesced with the reads waiting at that moment into one statement
 * (coalesced-lookup.ts), and answers with the JSON and ETag kept for that version when this process built them
 * before; otherwise it reads the list (again coalesced), serializes it once and keeps it. Nothing is trusted from
 * memory without asking: a write by any process or instance is visible on the next read (read-your-writes), and a
 * new process builds the same answers.
 */
export const createTrackingsSummaryReader = (db: CommonQueryMethods, { kept = KEPT } = {}) => {
  const served = new Map<string, ServedTrackingsSummary>();
  const versionOf = coalesceLookups((userIds) => getTrackingsSummaryVersions(db, userIds));
  const listOf = coalesceLookups((userIds) => getTrackingsSummaries(db, userIds));

  return async (userId: string): Promise<ServedTrackingsSummary> => {
    const version = (await versionOf(userId)) ?? EMPTY_TRACKINGS_SUMMARY.version;
    const known = served.get(userId);
    if (known?.version === version) return known;
    const list = (await listOf(userId)) ?? EMPTY_TRACKINGS_SUMMARY;
    const built: ServedTrackingsSummary = {
      version: list.version,
      json: serialize(list.trackings),
      etag: entityTag(`${userId}|${list.version}`),
    };
    served.delete(userId);
    served.set(userId, built);
    if (served.size > kept) served.delete(served.keys().next().value as string);
    return built;
  };
};
export type TrackingsSummaryReader = ReturnType<typeof createTrackingsSummaryReader>;
