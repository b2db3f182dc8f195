import { type EventStore, type TrackingEvent, trackingStreamId } from '@etf-replicator/core';
import { buildLedger, type TaxLedger } from '@etf-replicator/core/tax/ledger';
import { ledgerFactsOf } from '@etf-replicator/core/tax/ledger-facts';
import type { TradeFact } from '@etf-replicator/core/tax/ledger-types';
import {
  getInvestorTrackingsOfUsers,
  type InvestorTrackingRow,
} from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance } from 'fastify';
import type { CommonQueryMethods } from 'slonik';
import { coalesceLookups, lookupPerOwner } from '../infrastructure/coalesced-lookup';
import { appendedAsRecorded, trackingFolder } from '../trackings/tracking-streams';
import {
  emptyGrown,
  extendInvestorFacts,
  type FactParts,
  type Grown,
  grow,
  type InvestorFacts,
} from './investor-facts';
import { cacheOf } from './per-store-cache';
import { securityKeyOfInvestor } from './security-names';
import { trackingLabels } from './tracking-labels';

/**
 * The investor's wash-sale ledger (issue 26): one fold over the trade facts of ALL the investor's trackings, deleted
 * ones included (their sales stay in the account report, their lots still count as replacements). Kept per process
 * so a read costs the same whatever the age of the trackings:
 * - each tracking's facts are cached with the stream revision they were read at, and re-read only when the tracking
 *   read model shows a newer revision (a command, a revert);
 * - the ledger is cached per user with the list of (tracking, revision) it was built from, and rebuilt only when
 *   that list changes.
 * Nothing is stored: the cache is an optimisation, a new process rebuilds the same ledger from the facts.
 */
export type InvestorTracking = InvestorTrackingRow & { readonly label: string };

export type InvestorLedger = {
  readonly ledger: TaxLedger;
  /** Every fact, in the investor's order (built on first read: the command path asks `log` instead). */
  readonly facts: readonly TradeFact[];
  /** The same facts with the command path's questions answered without a scan. */
  readonly log: InvestorFacts;
  readonly trackings: ReadonlyMap<string, InvestorTracking>;
  /** Share classes of one issuer share a key (names from the trackings' latest snapshots). */
  readonly securityKeyOf: (symbol: string) => string;
  /** Changes whenever any of the investor's trackings changes (an ETag part). */
  readonly version: string;
  /**
   * A view computed once per ledger version (its key must name everything else it depends on: year, tracking,
   * date, prices): repeated reads of a long history then cost the same as a short one's.
   */
  readonly memo: <T>(key: string, compute: () => T) => T;
};

type CachedFacts = {
  readonly revision: number;
  readonly facts: Grown<TradeFact>;
  /** The seq the next fact of this tracking gets. */
  readonly nextSeq: number;
};
const LEDGERS_KEPT = 2_000;

/** The ledger of a user and the per-tracking fact lists its `log` was built from (extended from next time). */
type CachedLedger = {
  readonly investor: InvestorLedger;
  readonly parts: FactParts;
};

const factCaches = new WeakMap<EventStore, Map<string, CachedFacts>>();
const ledgerCaches = new WeakMap<EventStore, Map<string, CachedLedger>>();

/**
 * Events after which the tracking's facts can simply be appended to: anything but a revert (it removes an earlier
 * fact) and a SELL recorded without its lots (its closes come from a fold of the whole stream).
 */
const appendable = (events: readonly TrackingEvent[]): boolean =>
  events.every(
    (event) =>
      event.type !== 'ActionReverted' &&
      !(event.type === 'OrderExecuted' && event.data.orderType === 'SELL' && !event.data.lots),
  );

/** Keeps the newest of racing reads: the cache only moves forward. */
const remember = (cache: Map<string, CachedFacts>, trackingId: string, facts: CachedFacts): CachedFacts => {
  if ((cache.get(trackingId)?.revision ?? -2) < facts.revision) cache.set(trackingId, facts);
  return facts;
};

/**
 * The facts of one tracking at (at least) `revision`: from the cache; else only the events since the cached
 * revision are read and their facts appended (a new order), or — after a revert — the whole stream is read again.
 */
const trackingFacts = async (
  app: FastifyInstance,
  trackingId: string,
  revision: number,
): Promise<CachedFacts> => {
  const cache = cacheOf(factCaches, app.eventStore);
  const streamId = trackingStreamId(trackingId);
  const cached = cache.get(trackingId);
  if (cached && cached.revision >= revision) return cached;
  if (cached) {
    const tail = await app.eventStore.readStream(streamId, { fromRevision: cached.revision + 1 });
    const events = tail.map((event) => trackingFolder.parse(event));
    if (appendable(events)) {
      const added = ledgerFactsOf(trackingId, events, cached.nextSeq);
      return remember(cache, trackingId, {
        revision: tail.at(-1)?.streamRevision ?? cached.revision,
        facts: grow(cached.facts, added),
        nextSeq: (added.at(-1)?.seq ?? cached.nextSeq - 1) + 1,
      });
    }
  }
  const recorded = await app.eventStore.readStream(streamId);
  const facts = ledgerFactsOf(
    trackingId,
    recorded.map((event) => trackingFolder.parse(event)),
    0,
  );
  return remember(cache, trackingId, {
    revision: recorded.at(-1)?.streamRevision ?? -1,
    facts: grow(emptyGrown(), facts),
    nextSeq: (facts.at(-1)?.seq ?? -1) + 1,
  });
};

/**
 * Feeds a command's own appended events to the tracking's cached facts, so that its answer's ledger need not read
 * back what it just wrote (issue 28 item 1). Only when they directly follow the cached revision and can simply be
 * appended; otherwise the next read does what it always did.
 */
export const noteAppendedEvents = (
  eventStore: EventStore,
  trackingId: string,
  {
    revision,
    appended,
  }: { revision: number; appended: readonly { id: string; type: string; data: unknown }[] },
): void => {
  const cache = cacheOf(factCaches, eventStore);
  const first = revision - appended.length + 1;
  const cached = cache.get(trackingId);
  if (!cached || appended.length === 0 || cached.revision !== first - 1) return;
  const events = appendedAsRecorded(trackingStreamId(trackingId), revision, appended).map((event) =>
    trackingFolder.parse(event),
  );
  if (!appendable(events)) return;
  const added = ledgerFactsOf(trackingId, events, cached.nextSeq);
  remember(cache, trackingId, {
    revision,
    facts: grow(cached.facts, added),
    nextSeq: (added.at(-1)?.seq ?? cached.nextSeq - 1) + 1,
  });
};

const versionOf = (rows: readonly { trackingId: string; revision: number }[]) =>
  rows.map((row) => `${row.trackingId}:${row.revision}`).join(',');

/**
 * The investor's trackings (getInvestorTrackings), read in one statement with those of the ledgers asked at the same
 * moment (every command's answer asks one): as fresh as a statement of its own (coalesced-lookup.ts).
 */
const investorTrackingsOf = lookupPerOwner((pool: CommonQueryMethods) =>
  coalesceLookups((userIds) => getInvestorTrackingsOfUsers(pool, userIds)),
);

/** The investor's ledger now (see above). */
export const investorLedger = async (app: FastifyInstance, userId: string): Promise<InvestorLedger> => {
  // A list of its own: the lookups of one user asked together share the loaded one.
  const rows = [...((await investorTrackingsOf(app.db.pool)(userId)) ?? [])];
  const loaded = [];
  for (const row of rows)
    loaded.push({ row, ...(await trackingFacts(app, row.trackingId, row.streamRevision)) });
  const version = versionOf(loaded.map(({ row, revision }) => ({ trackingId: row.trackingId, revision })));
  const cache = cacheOf(ledgerCaches, app.eventStore);
  const cached = cache.get(userId);
  if (cached && cached.investor.version === version) {
    cache.delete(userId);
    cache.set(userId, cached);
    return cached.investor;
  }
  const parts = loaded.map(({ row, facts }) => ({ trackingId: row.trackingId, facts }));
  const log = extendInvestorFacts(cached && { log: cached.investor.log, parts: cached.parts }, parts);
  const securityKeyOf = await securityKeyOfInvestor(app, userId, rows);
  const labels = trackingLabels(rows);
  let ledger: TaxLedger | undefined;
  const views = new Map<string, unknown>();
  const built: InvestorLedger = {
    memo: <T>(key: string, compute: () => T): T => {
      if (!views.has(key)) {
        // A ledger's views are few (years, trackings, days); bounded all the same.
        if (views.size >= 256) views.clear();
        views.set(key, compute());
      }
      return views.get(key) as T;
    },
    // Folded on first use: a command answer without any recent sale never needs it.
    get ledger() {
      ledger ??= buildLedger(log.all, { securityKeyOf });
      return ledger;
    },
    get facts() {
      return log.all;
    },
    log,
    trackings: new Map(
      rows.map((row) => [row.trackingId, { ...row, label: labels.get(row.trackingId) ?? row.symbol }]),
    ),
    securityKeyOf,
    version,
  };
  cache.set(userId, { investor: built, parts });
  if (cache.size > LEDGERS_KEPT) cache.delete(cache.keys().next().value as string);
  return built;
};
