import type { DriverConfiguration } from '@slonik/driver';
import pgTypes from 'pg-types';
import { parse as parseArray } from 'postgres-array';

export type PgTypeRow = { readonly oid: number; readonly typarray: number; readonly typname: string };

/** The statement both drivers read their types' oids with (text results, as node-postgres reads them). */
export const PG_TYPES_QUERY =
  'select oid::int as oid, typarray::int as typarray, typname from pg_type where typname = any($1::text[])';

/** slonik's type parsers by oid, their array types too (as slonik's own driver maps them); else node-postgres's. */
export const typeParserLookup = (
  rows: readonly PgTypeRow[],
  parsers: DriverConfiguration['typeParsers'],
): typeof pgTypes.getTypeParser => {
  const byOid = new Map<number, (value: string) => unknown>();
  for (const parser of parsers) {
    const type = rows.find((row) => row.typname === parser.name);
    if (!type) throw new Error(`Database type "${parser.name}" not found`);
    byOid.set(type.oid, (value) => parser.parse(value));
    if (type.typarray) byOid.set(type.typarray, (value) => parseArray(value, (item) => parser.parse(item)));
  }
  return ((oid: number) =>
    byOid.get(oid) ?? pgTypes.getTypeParser(oid, 'text')) as typeof pgTypes.getTypeParser;
};
