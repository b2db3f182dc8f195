import { type CommonQueryMethods, type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';
import { searchTerms } from './search-terms';

/**
 * Writers of the reference tables (migration 0011): each dataset is replaced as a whole, inside the caller's
 * transaction, and its content hash recorded so an unchanged dataset is never reloaded.
 */
export type ReferenceDataset = 'symbols' | 'aliases' | 'prices' | 'price-history';

const CHUNK = 5000;

const insertChunked = async (
  tx: DatabaseTransactionConnection,
  rows: ReadonlyArray<readonly (string | number | null)[]>,
  insert: (chunk: ReadonlyArray<readonly (string | number | null)[]>) => ReturnType<typeof sql.unsafe>,
) => {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx.query(insert(rows.slice(start, start + CHUNK)));
  }
};

export const getReferenceDatasetHash = (
  db: CommonQueryMethods,
  dataset: ReferenceDataset,
): Promise<string | null> =>
  db.maybeOneFirst(
    sql.type(z.object({ content_hash: z.string() }))`
      select content_hash from market_reference_datasets where dataset = ${dataset}`,
  );

/** Serialises loaders of one dataset across processes (two instances starting at once) until the commit. */
export const lockReferenceDataset = async (tx: DatabaseTransactionConnection, dataset: ReferenceDataset) => {
  await tx.query(sql.unsafe`select pg_advisory_xact_lock(hashtext(${`market-reference:${dataset}`}))`);
};

export const recordReferenceDataset = async (
  tx: DatabaseTransactionConnection,
  dataset: ReferenceDataset,
  contentHash: string,
  rowCount: number,
) => {
  await tx.query(sql.unsafe`
    insert into market_reference_datasets (dataset, content_hash, row_count) values (${dataset}, ${contentHash}, ${rowCount})
    on conflict (dataset) do update set content_hash = excluded.content_hash, row_count = excluded.row_count,
      loaded_at = now()`);
};

export const replaceSymbols = async (
  tx: DatabaseTransactionConnection,
  rows: readonly { symbol: string; name: string }[],
) => {
  await tx.query(sql.unsafe`delete from symbol_search_terms`);
  await tx.query(sql.unsafe`delete from symbols`);
  await insertChunked(
    tx,
    rows.map((row) => [row.symbol, row.name, row.name.toLowerCase()]),
    (chunk) => sql.unsafe`
      insert into symbols (symbol, name, name_lower) select * from ${sql.unnest(chunk, ['text', 'text', 'text'])}`,
  );
  await insertChunked(
    tx,
    rows.flatMap((row) => searchTerms(row.name).map((term) => [term, row.symbol])),
    (chunk) => sql.unsafe`
      insert into symbol_search_terms (term, symbol) select * from ${sql.unnest(chunk, ['text', 'text'])}
      on conflict do nothing`,
  );
};

export const replaceSymbolAliases = async (
  tx: DatabaseTransactionConnection,
  aliases: ReadonlyMap<string, string>,
) => {
  await tx.query(sql.unsafe`delete from symbol_aliases`);
  await insertChunked(
    tx,
    [...aliases],
    (chunk) => sql.unsafe`
    insert into symbol_aliases (alias, canonical) select * from ${sql.unnest(chunk, ['text', 'text'])}`,
  );
};

export const replaceSymbolPrices = async (
  tx: DatabaseTransactionConnection,
  rows: readonly { symbol: string; price: string; asOf: string; source: string }[],
) => {
  await tx.query(sql.unsafe`delete from symbol_prices`);
  await insertChunked(
    tx,
    rows.map((row) => [row.symbol, row.price, row.asOf, row.source]),
    (chunk) => sql.unsafe`
      insert into symbol_prices (symbol, price, as_of, source)
      select * from ${sql.unnest(chunk, ['text', 'numeric', 'date', 'text'])}`,
  );
};

export const replacePriceHistory = async (
  tx: DatabaseTransactionConnection,
  rows: readonly { symbol: string; date: string; close: string }[],
) => {
  await tx.query(sql.unsafe`delete from etf_price_history`);
  await insertChunked(
    tx,
    rows.map((row) => [row.symbol, row.date, row.close]),
    (chunk) => sql.unsafe`
      insert into etf_price_history (symbol, date, close)
      select * from ${sql.unnest(chunk, ['text', 'date', 'numeric'])}`,
  );
};

/** Fresh statistics after a bulk load, so the planner picks the prefix indexes (PGlite runs no autovacuum). */
export const analyzeReferenceTables = async (db: CommonQueryMethods) => {
  await db.query(
    sql.unsafe`analyze symbols, symbol_search_terms, symbol_aliases, symbol_prices, etf_price_history`,
  );
};
