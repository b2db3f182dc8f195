import type { RecordedEvent } from '@etf-replicator/core';
import { dec, sumDecimals, toDecimalString } from '@etf-replicator/core';
import {
  ETF_SNAPSHOT_PUBLISHED,
  type EtfSnapshotPublished,
  etfSnapshotPublishedSchema,
} from '@etf-replicator/core/market-data/snapshot-event';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';
import type { Projector } from '../runner/projector';

export const ETF_MARKET_DATA_PROJECTION = 'etf-market-data';

/**
 * EtfSnapshotPublished → etf_funds (facts + latest snapshot header), etf_holdings (latest holdings), etf_snapshots
 * (every snapshot) and symbol_popularity (autocomplete ranking). Idempotent: a snapshot at or below the revision
 * already applied for its ETF only (re)records its etf_snapshots row. A payload that does not parse is skipped,
 * never thrown on (a recorded event is a fact).
 */
export const etfMarketDataProjector: Projector = {
  name: ETF_MARKET_DATA_PROJECTION,
  eventTypes: [ETF_SNAPSHOT_PUBLISHED],
  tables: ['etf_funds', 'etf_holdings', 'etf_snapshots', 'symbol_popularity'],
  handle: async (tx, event) => {
    const parsed = etfSnapshotPublishedSchema.safeParse(event.data);
    if (!parsed.success) return;
    const snapshot = parsed.data;
    const symbol = snapshot.symbol.toUpperCase();
    await recordSnapshot(tx, symbol, snapshot, event);
    const applied = await tx.maybeOneFirst(
      sql.type(z.object({ stream_revision: z.number() }))`
        select stream_revision from etf_funds where symbol = ${symbol}`,
    );
    if (applied !== null && applied >= event.streamRevision) return;
    const previous = await tx.anyFirst(
      sql.type(z.object({ symbol: z.string() }))`
        delete from etf_holdings where etf_symbol = ${symbol} returning symbol`,
    );
    await insertHoldings(tx, symbol, snapshot);
    await upsertFund(tx, symbol, snapshot, event);
    await refreshPopularity(tx, [...new Set([...previous, ...snapshot.holdings.map((h) => h.symbol)])]);
  },
};

const recordSnapshot = async (
  tx: DatabaseTransactionConnection,
  symbol: string,
  snapshot: EtfSnapshotPublished,
  event: RecordedEvent,
) => {
  await tx.query(sql.unsafe`
    insert into etf_snapshots (etf_symbol, stream_revision, event_id, content_hash, source_provider,
                               holdings_count, holdings_as_of, published_at, global_position)
    values (${symbol}, ${event.streamRevision}, ${event.id}, ${snapshot.contentHash}, ${snapshot.source.provider},
            ${snapshot.holdings.length}, ${snapshot.asOf.holdings}, ${sql.timestamp(event.recordedAt)},
            ${event.globalPosition})
    on conflict (etf_symbol, stream_revision) do update set global_position = excluded.global_position
      where etf_snapshots.global_position is null`);
};

const insertHoldings = async (
  tx: DatabaseTransactionConnection,
  symbol: string,
  snapshot: EtfSnapshotPublished,
) => {
  // Two rows of one snapshot with the same canonical symbol would break the key; the first one wins.
  const seen = new Set<string>();
  const rows = snapshot.holdings.flatMap((h, position) => {
    if (seen.has(h.symbol)) return [];
    seen.add(h.symbol);
    return [
      [
        symbol,
        position,
        h.symbol,
        h.rawSymbol,
        h.name,
        h.weightPercentage,
        h.price,
        h.priceAsOf,
        h.priceSource,
        h.isAvailable,
        h.sharesNumber,
        h.marketValue,
        h.cusip,
        h.isin,
        h.updated,
        h.sector,
      ],
    ];
  });
  for (let start = 0; start < rows.length; start += 2000) {
    await tx.query(sql.unsafe`
      insert into etf_holdings (etf_symbol, position, symbol, raw_symbol, name, weight_percentage, price,
                                price_as_of, price_source, is_available, shares_number, market_value, cusip, isin,
                                updated, sector)
      select * from ${sql.unnest(rows.slice(start, start + 2000), [
        'text',
        'int4',
        'text',
        'text',
        'text',
        'numeric',
        'numeric',
        'date',
        'text',
        'bool',
        'numeric',
        'numeric',
        'text',
        'text',
        'date',
        'text',
      ])}`);
  }
};

const upsertFund = async (
  tx: DatabaseTransactionConnection,
  symbol: string,
  snapshot: EtfSnapshotPublished,
  event: RecordedEvent,
) => {
  const { fund, asOf, holdings } = snapshot;
  const total = toDecimalString(sumDecimals(holdings.map((h) => dec(h.weightPercentage))));
  const priced = toDecimalString(
    sumDecimals(holdings.filter((h) => h.isAvailable).map((h) => dec(h.weightPercentage))),
  );
  await tx.query(sql.unsafe`
    insert into etf_funds (symbol, name, etf_company, brand, description, website, asset_class, domicile,
      expense_ratio, inception_date, isin, index_tracked, structure, aum, shares_outstanding, holdings_available,
      holdings_note, holdings_count, priced_count, total_weight, priced_weight, sectors, sectors_source, facts_as_of,
      holdings_as_of, holdings_date_kind, prices_from, prices_to, source_provider, source_reference, content_hash,
      event_id, stream_revision, published_at)
    values (${symbol}, ${fund.name}, ${fund.etfCompany}, ${fund.brand}, ${fund.description}, ${fund.website},
      ${fund.assetClass}, ${fund.domicile}, ${fund.expenseRatio}::numeric, ${fund.inceptionDate}::date,
      ${fund.isin}, ${fund.indexTracked}, ${fund.structure}, ${fund.aum}::numeric,
      ${fund.sharesOutstanding}::numeric, ${snapshot.holdingsAvailable}, ${snapshot.holdingsNote},
      ${holdings.length}, ${holdings.filter((h) => h.isAvailable).length}, ${total}::numeric, ${priced}::numeric, ${sql.jsonb(snapshot.sectors)},
      ${snapshot.sectorsSource}, ${asOf.facts}::date, ${asOf.holdings}::date, ${asOf.holdingsDateKind},
      ${asOf.pricesFrom}::date, ${asOf.pricesTo}::date, ${snapshot.source.provider}, ${snapshot.source.reference},
      ${snapshot.contentHash}, ${event.id}, ${event.streamRevision}, ${sql.timestamp(event.recordedAt)})
    on conflict (symbol) do update set
      name = excluded.name, etf_company = excluded.etf_company, brand = excluded.brand,
      description = excluded.description, website = excluded.website, asset_class = excluded.asset_class,
      domicile = excluded.domicile, expense_ratio = excluded.expense_ratio,
      inception_date = excluded.inception_date, isin = excluded.isin, index_tracked = excluded.index_tracked,
      structure = excluded.structure, aum = excluded.aum, shares_outstanding = excluded.shares_outstanding,
      holdings_available = excluded.holdings_available, holdings_note = excluded.holdings_note,
      holdings_count = excluded.holdings_count, priced_count = excluded.priced_count,
      total_weight = excluded.total_weight,
      priced_weight = excluded.priced_weight, sectors = excluded.sectors,
      sectors_source = excluded.sectors_source, facts_as_of = excluded.facts_as_of,
      holdings_as_of = excluded.holdings_as_of, holdings_date_kind = excluded.holdings_date_kind,
      prices_from = excluded.prices_from, prices_to = excluded.prices_to,
      source_provider = excluded.source_provider, source_reference = excluded.source_reference,
      content_hash = excluded.content_hash, event_id = excluded.event_id,
      stream_revision = excluded.stream_revision, published_at = excluded.published_at`);
};

const refreshPopularity = async (tx: DatabaseTransactionConnection, symbols: readonly string[]) => {
  if (symbols.length === 0) return;
  const list = sql.array(symbols, 'text');
  await tx.query(sql.unsafe`delete from symbol_popularity where symbol = any(${list})`);
  await tx.query(sql.unsafe`
    insert into symbol_popularity (symbol, max_weight, etf_count)
    select symbol, max(weight_percentage), count(*)::int from etf_holdings
     where symbol = any(${list}) group by symbol`);
};
