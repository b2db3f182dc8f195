import type { EventStore } from '@etf-replicator/core';
import { securityKeyResolver } from '@etf-replicator/core/tax/security-keys';
import { getEtfHoldings } from '@etf-replicator/projections/market-data/fund-queries';
import type { InvestorTrackingRow } from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance } from 'fastify';
import { cacheOf } from './per-store-cache';

/*
 * Share classes of one issuer share a security key, told by the company names of the ETFs' latest holdings. Those
 * names change only with a new snapshot, so they are read once per ETF and snapshot (the snapshot the investor's
 * trackings were derived with: a new one re-derives them), not once per command (issue 28).
 */

type EtfNames = { readonly key: string; readonly names: Promise<ReadonlyMap<string, string>> };
type Resolver = { readonly key: string; readonly keyOf: (symbol: string) => string };
const NAMES_KEPT = 500;

const etfCaches = new WeakMap<EventStore, Map<string, EtfNames>>();
const resolverCaches = new WeakMap<EventStore, Map<string, Resolver>>();

const keep = <T>(cache: Map<string, T>, key: string, value: T) => {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > NAMES_KEPT) cache.delete(cache.keys().next().value as string);
};

/** Company names of one ETF's holdings, read once per (ETF, snapshots its trackings were derived with). */
const etfNames = (app: FastifyInstance, etf: string, key: string): Promise<ReadonlyMap<string, string>> => {
  const cache = cacheOf(etfCaches, app.eventStore);
  const cached = cache.get(etf);
  if (cached?.key === key) return cached.names;
  const names = getEtfHoldings(app.db.pool, etf).then((holdings) => {
    const map = new Map<string, string>();
    for (const holding of holdings)
      if (holding.name && !map.has(holding.symbol)) map.set(holding.symbol, holding.name);
    return map;
  });
  keep(cache, etf, { key, names });
  // A failed read is not kept: the next request tries again.
  names.catch(() => {
    if (cache.get(etf)?.names === names) cache.delete(etf);
  });
  return names;
};

/**
 * The security key of a symbol for an investor with these trackings: names of every ETF they track (the first ETF
 * naming a symbol wins, in the trackings' order).
 */
export const securityKeyOfInvestor = async (
  app: FastifyInstance,
  userId: string,
  rows: readonly InvestorTrackingRow[],
): Promise<(symbol: string) => string> => {
  const snapshotsByEtf = new Map<string, Set<string>>();
  for (const row of rows) {
    const snapshots = snapshotsByEtf.get(row.symbol) ?? new Set<string>();
    snapshots.add(row.snapshotEventId ?? '');
    snapshotsByEtf.set(row.symbol, snapshots);
  }
  const etfKeys = [...snapshotsByEtf].map(
    ([etf, snapshots]) => [etf, [...snapshots].sort().join('+')] as const,
  );
  const key = etfKeys.map(([etf, snapshots]) => `${etf}@${snapshots}`).join(',');
  const resolvers = cacheOf(resolverCaches, app.eventStore);
  const cached = resolvers.get(userId);
  if (cached?.key === key) return cached.keyOf;
  const names = new Map<string, string>();
  for (const [etf, snapshots] of etfKeys)
    for (const [symbol, name] of await etfNames(app, etf, snapshots))
      if (!names.has(symbol)) names.set(symbol, name);
  const keyOf = securityKeyResolver(names);
  keep(resolvers, userId, { key, keyOf });
  return keyOf;
};
