import {
  type EventStore,
  type Position,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@etf-replicator/core';
import {
  ETF_SNAPSHOT_PUBLISHED,
  ETF_SNAPSHOT_SCHEMA_VERSION,
  type EtfSnapshotContent,
  type EtfSnapshotPublished,
  etfSnapshotContentSchema,
  etfStreamId,
} from '@etf-replicator/core/market-data/snapshot-event';
import { z } from 'zod';
import { nameBasedUuid, snapshotContentHash } from './content-hash';

export type PublishOutcome =
  /** A new snapshot event was appended. */
  | 'appended'
  /** The stream's latest snapshot already has this content: nothing appended. */
  | 'unchanged'
  /** The latest snapshot came from another provider and replacing it was not asked for: nothing appended. */
  | 'kept-other-source';

export type PublishResult = {
  readonly symbol: string;
  readonly outcome: PublishOutcome;
  readonly contentHash: string;
  /** Revision of the stream's latest snapshot after this call. */
  readonly streamRevision: number;
  /** Log position of the appended event (read-your-writes), only when one was appended. */
  readonly position?: Position;
};

export type PublishOptions = {
  /**
   * false (start-up import): never replace a snapshot another provider published (a bundled re-import must not
   * undo an FMP refresh). true: publish whenever the content differs from the latest snapshot.
   */
  readonly replaceOtherSources: boolean;
  readonly correlationId?: string;
  /** Where to start reading the stream (e.g. the read model's latest revision); the log stays authoritative. */
  readonly revisionHint?: number;
  /**
   * Content hashes this stream published before (start-up import): the same content is not published again over a
   * later snapshot of the same provider — a dated bundled snapshot (`market:import --as-of`, seed:demo) stays the
   * latest across restarts until the bundled files change.
   */
  readonly publishedBefore?: ReadonlySet<string>;
};

const latestHeader = z.object({
  contentHash: z.string(),
  source: z.object({ provider: z.string() }),
});

const lastEvent = async (
  eventStore: EventStore,
  streamId: string,
  hint: number | undefined,
): Promise<RecordedEvent | undefined> => {
  const fromHint = hint && hint > 0 ? await eventStore.readStream(streamId, { fromRevision: hint }) : [];
  const events = fromHint.length > 0 ? fromHint : await eventStore.readStream(streamId);
  return events.at(-1);
};

/**
 * Appends `EtfSnapshotPublished` to `etf-{SYMBOL}` unless the stream's latest snapshot has the same content hash.
 * The event id is derived from (stream, next revision, content hash), and the append expects the revision it read:
 * two importers racing with the same content produce the same event and the log stores it once; a real conflict
 * is re-read and decided again.
 */
export const publishSnapshot = async (
  eventStore: EventStore,
  content: EtfSnapshotContent,
  options: PublishOptions,
): Promise<PublishResult> => {
  const checked = etfSnapshotContentSchema.parse(content);
  const symbol = checked.symbol.toUpperCase();
  const streamId = etfStreamId(symbol);
  const contentHash = snapshotContentHash(checked);
  const data: EtfSnapshotPublished = { ...checked, symbol, contentHash };
  for (let attempt = 1; ; attempt += 1) {
    const last = await lastEvent(eventStore, streamId, options.revisionHint);
    const header = last ? latestHeader.safeParse(last.data) : undefined;
    if (last && header?.success) {
      if (header.data.contentHash === contentHash) {
        return { symbol, outcome: 'unchanged', contentHash, streamRevision: last.streamRevision };
      }
      if (!options.replaceOtherSources && header.data.source.provider !== checked.source.provider) {
        return { symbol, outcome: 'kept-other-source', contentHash, streamRevision: last.streamRevision };
      }
      if (options.publishedBefore?.has(contentHash)) {
        return { symbol, outcome: 'unchanged', contentHash, streamRevision: last.streamRevision };
      }
    }
    const nextRevision = last ? last.streamRevision + 1 : 0;
    try {
      const result = await eventStore.appendToStream(
        streamId,
        [
          {
            id: nameBasedUuid(streamId, String(nextRevision), contentHash),
            type: ETF_SNAPSHOT_PUBLISHED,
            data,
            metadata: {
              schemaVersion: ETF_SNAPSHOT_SCHEMA_VERSION,
              actorUserId: null,
              ...(options.correlationId ? { correlationId: options.correlationId } : {}),
            },
          },
        ],
        { expectedRevision: last ? last.streamRevision : 'no_stream' },
      );
      return {
        symbol,
        outcome: 'appended',
        contentHash,
        streamRevision: result.nextExpectedRevision,
        position: result.position,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 3) throw error;
    }
  }
};
