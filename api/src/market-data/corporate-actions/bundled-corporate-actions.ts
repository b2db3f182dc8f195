import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EventStore } from '@etf-replicator/core';
import {
  type CorporateActionTerms,
  corporateActionTermsSchema,
} from '@etf-replicator/core/market-data/corporate-action-event';
import { parseCsv } from '@etf-replicator/core/market-data/csv';
import { type RecordOutcome, recordCorporateAction } from './record-corporate-action';

/** The bundled, sourced corporate actions (data/corporate-actions.csv, sources in corporate-actions.SOURCES.md). */
export const BUNDLED_CORPORATE_ACTIONS = fileURLToPath(
  new URL('../../../../data/corporate-actions.csv', import.meta.url),
);

/** Reads the file; a row that breaks the rules throws, naming it (the bundle is checked in, a bad row is a bug). */
export const parseBundledCorporateActions = (text: string): CorporateActionTerms[] =>
  parseCsv(text).map((row, index) => {
    const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
    const parsed = corporateActionTermsSchema.safeParse({
      type: row.type,
      symbol: row.symbol,
      toSymbol: optional(row.toSymbol),
      ratio: row.ratio,
      basisFraction: optional(row.basisFraction),
      effectiveOn: row.effectiveOn,
      note: optional(row.note),
    });
    if (!parsed.success)
      throw new Error(
        `corporate-actions.csv row ${index + 1}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
    return parsed.data;
  });

/** Records every bundled action not recorded yet (idempotent: runs with every bundled import). */
export const importBundledCorporateActions = async (
  eventStore: EventStore,
  file: string = BUNDLED_CORPORATE_ACTIONS,
): Promise<RecordOutcome[]> => {
  if (!existsSync(file)) return [];
  const outcomes: RecordOutcome[] = [];
  for (const terms of parseBundledCorporateActions(readFileSync(file, 'utf8')))
    outcomes.push(await recordCorporateAction(eventStore, terms, { source: 'BUNDLED' }));
  return outcomes;
};
