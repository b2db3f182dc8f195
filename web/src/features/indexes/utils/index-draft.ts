import type { IndexRequest } from '@etf-replicator/core/contracts/indexes';
import {
  type IndexDefinition,
  MAX_BLEND_PARTS,
  MIN_BLEND_PARTS,
} from '@etf-replicator/core/indexes/definition';
import { D, type Decimal } from '@etf-replicator/core/shared/decimal';
import { formatWeight } from '@/lib/format';

export type IndexKind = 'etf' | 'blend' | 'custom';
export type WeightRow = { readonly id: number; readonly symbol: string; readonly weight: string };
/** A custom list is typed as rows or pasted / uploaded as CSV text. */
export type ListSource = 'rows' | 'csv';

export const INDEX_KINDS: readonly { kind: IndexKind; label: string }[] = [
  { kind: 'etf', label: 'One ETF' },
  { kind: 'blend', label: 'A blend of ETFs' },
  { kind: 'custom', label: 'My own list' },
];

let nextRowId = 1;
export const weightRow = (symbol = '', weight = ''): WeightRow => ({ id: nextRowId++, symbol, weight });

const readWeight = (text: string): Decimal | undefined => {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return new D(trimmed);
};

/** The sum of the rows' weights that read as numbers (a row still being typed counts as 0). */
export const weightsTotal = (rows: readonly WeightRow[]): Decimal =>
  rows.reduce((sum, row) => sum.plus(readWeight(row.weight) ?? 0), new D(0));

/**
 * The running total under a weight editor: a blend must reach exactly 100; a list is scaled to 100 by the server,
 * so any positive total is fine and the text says so.
 */
export const totalText = (kind: 'blend' | 'custom', rows: readonly WeightRow[]): string => {
  const total = weightsTotal(rows);
  if (total.eq(100)) return `Total ${formatWeight(total)}`;
  return kind === 'blend'
    ? `Total ${formatWeight(total)} — must be 100 %`
    : `Total ${formatWeight(total)} — scaled to 100 % when saved`;
};

/** Why the rows cannot be sent yet (the submit button says it), or undefined when they can. */
export const rowsProblem = (kind: 'blend' | 'custom', rows: readonly WeightRow[]): string | undefined => {
  if (kind === 'blend' && (rows.length < MIN_BLEND_PARTS || rows.length > MAX_BLEND_PARTS)) {
    return `A blend has ${MIN_BLEND_PARTS} to ${MAX_BLEND_PARTS} ETFs.`;
  }
  if (rows.length === 0) return 'Add at least one stock.';
  const blank = rows.findIndex((row) => row.symbol.trim() === '' || row.weight.trim() === '');
  if (blank >= 0) return `Fill in the symbol and weight of row ${blank + 1}.`;
  const unreadable = rows.findIndex((row) => {
    const weight = readWeight(row.weight);
    return weight === undefined || weight.lte(0);
  });
  if (unreadable >= 0)
    return `Row ${unreadable + 1}: the weight must be a number greater than 0, such as 12.5.`;
  if (kind === 'blend' && !weightsTotal(rows).eq(100)) return 'The weights must add up to 100 %.';
  return undefined;
};

export type IndexDraft = {
  readonly kind: IndexKind;
  readonly etf: string | undefined;
  readonly blend: readonly WeightRow[];
  readonly list: readonly WeightRow[];
  readonly listSource: ListSource;
  readonly csv: string;
};

export const emptyDraft = (etf?: string): IndexDraft => ({
  kind: 'etf',
  etf,
  blend: [weightRow(), weightRow()],
  list: [weightRow()],
  listSource: 'rows',
  csv: '',
});

/** Why the draft cannot be previewed or saved, or undefined. */
export const draftProblem = (draft: IndexDraft): string | undefined => {
  if (draft.kind === 'etf') return draft.etf ? undefined : 'Pick an ETF.';
  if (draft.kind === 'blend') return rowsProblem('blend', draft.blend);
  if (draft.listSource === 'csv') {
    return draft.csv.trim() === '' ? 'Paste or upload a CSV with one "symbol,weight" per line.' : undefined;
  }
  return rowsProblem('custom', draft.list);
};

const weighted = (rows: readonly WeightRow[]) =>
  rows.map((row) => ({ symbol: row.symbol.trim(), weight: row.weight.trim().replace(/%$/, '').trim() }));

/** The request's `index` for a draft without a problem (the server checks the rules again and names the row). */
export const indexRequestOf = (draft: IndexDraft): IndexRequest | undefined => {
  if (draftProblem(draft)) return undefined;
  if (draft.kind === 'etf') return { type: 'etf', symbol: draft.etf ?? '' };
  if (draft.kind === 'blend') return { type: 'blend', parts: weighted(draft.blend) };
  return draft.listSource === 'csv'
    ? { type: 'custom', csv: draft.csv }
    : { type: 'custom', holdings: weighted(draft.list) };
};

/** A draft that starts from the index a tracking follows now: its blend's or list's rows, or its ETF. */
export const draftOf = (index: IndexDefinition | undefined, etf: string): IndexDraft => {
  const draft = emptyDraft(etf);
  if (!index || index.type === 'etf') return { ...draft, etf: index?.symbol ?? etf };
  if (index.type === 'blend') {
    return { ...draft, kind: 'blend', blend: index.parts.map((part) => weightRow(part.symbol, part.weight)) };
  }
  return { ...draft, kind: 'custom', list: index.holdings.map((row) => weightRow(row.symbol, row.weight)) };
};
