import { D, type Decimal, ZERO } from '../shared/decimal';
import type { ClosedRow } from './ledger-types';

/**
 * Form 8949 from the ledger's rows (tax-rules.md "Form 8949"): Part I short-term (box A when the basis is known,
 * else B), Part II long-term (box D / E), and the rows whose holding period is unknown apart. Every amount cell is
 * rounded half-up to cents; (h) = (d) − (e) + (g) is computed from the rounded cells, and each section's totals are
 * sums of its rounded cells, so that the form adds up line by line as the IRS checks it.
 */

export type Form8949Part = 'I' | 'II' | 'UNKNOWN';
export type Form8949Box = 'A' | 'B' | 'D' | 'E' | null;

/** One line of the form: columns (a)–(h) as they are written, and the row they come from. */
export type Form8949Line = {
  /** (a) "12 sh AMZN". */
  readonly description: string;
  /** (b) MM/DD/YYYY of the holding-period start, or 'UNKNOWN'. */
  readonly acquired: string;
  /** (c) MM/DD/YYYY. */
  readonly sold: string;
  /** (d), (e), (g), (h): cents ("1234.50"); (e) and (h) 'UNKNOWN' when the basis is unknown. */
  readonly proceeds: string;
  readonly basis: string;
  /** (f) 'W' or ''. */
  readonly code: string;
  readonly adjustment: string;
  readonly gain: string;
  readonly row: ClosedRow;
};

export type Form8949Totals = {
  readonly proceeds: string;
  /** 'UNKNOWN' when a line's basis is unknown (then the gain too). */
  readonly basis: string;
  readonly adjustment: string;
  readonly gain: string;
};

export type Form8949Section = {
  readonly part: Form8949Part;
  readonly box: Form8949Box;
  readonly lines: readonly Form8949Line[];
  readonly totals: Form8949Totals;
};

export const UNKNOWN_CELL = 'UNKNOWN';

const cents = (value: Decimal): Decimal => value.toDecimalPlaces(2, D.ROUND_HALF_UP);

/** Two decimals; never "-0.00". */
const money = (value: Decimal): string => (value.isZero() ? '0.00' : value.toFixed(2));

/** MM/DD/YYYY, as Form 8949 writes dates. */
export const formDate = (date: string): string => {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
};

const sectionOf = (row: ClosedRow): { part: Form8949Part; box: Form8949Box } => {
  if (row.term === 'UNKNOWN') return { part: 'UNKNOWN', box: null };
  const known = row.basis !== null;
  if (row.term === 'SHORT') return { part: 'I', box: known ? 'A' : 'B' };
  return { part: 'II', box: known ? 'D' : 'E' };
};

const SECTION_ORDER: readonly string[] = ['I:A', 'I:B', 'II:D', 'II:E', 'UNKNOWN:null'];

/** One line and its rounded amounts (null: unknown). */
const lineOf = (row: ClosedRow) => {
  const proceeds = cents(row.proceeds);
  const basis = row.basis === null ? null : cents(row.basis);
  const adjustment = cents(row.adjustment);
  const gain = basis === null ? null : proceeds.sub(basis).add(adjustment);
  const line: Form8949Line = {
    description: `${row.shares.toFixed()} sh ${row.symbol}`,
    acquired: row.acquiredOn === null ? UNKNOWN_CELL : formDate(row.acquiredOn),
    sold: formDate(row.soldOn),
    proceeds: money(proceeds),
    basis: basis === null ? UNKNOWN_CELL : money(basis),
    code: row.code,
    adjustment: money(adjustment),
    gain: gain === null ? UNKNOWN_CELL : money(gain),
    row,
  };
  return { line, proceeds, basis, adjustment, gain };
};

/** The form's sections that have rows, in the order I-A, I-B, II-D, II-E, unknown; rows in the given order. */
export const form8949 = (rows: readonly ClosedRow[]): Form8949Section[] => {
  type Sum = {
    part: Form8949Part;
    box: Form8949Box;
    lines: Form8949Line[];
    proceeds: Decimal;
    basis: Decimal | null;
    adjustment: Decimal;
    gain: Decimal | null;
  };
  const sections = new Map<string, Sum>();
  for (const row of rows) {
    const { part, box } = sectionOf(row);
    const key = `${part}:${box}`;
    const sum = sections.get(key) ?? {
      part,
      box,
      lines: [],
      proceeds: ZERO,
      basis: ZERO,
      adjustment: ZERO,
      gain: ZERO,
    };
    const cell = lineOf(row);
    sum.lines.push(cell.line);
    sum.proceeds = sum.proceeds.add(cell.proceeds);
    sum.basis = sum.basis === null || cell.basis === null ? null : sum.basis.add(cell.basis);
    sum.adjustment = sum.adjustment.add(cell.adjustment);
    sum.gain = sum.gain === null || cell.gain === null ? null : sum.gain.add(cell.gain);
    sections.set(key, sum);
  }
  return SECTION_ORDER.flatMap((key) => {
    const sum = sections.get(key);
    if (!sum) return [];
    return [
      {
        part: sum.part,
        box: sum.box,
        lines: sum.lines,
        totals: {
          proceeds: money(sum.proceeds),
          basis: sum.basis === null ? UNKNOWN_CELL : money(sum.basis),
          adjustment: money(sum.adjustment),
          gain: sum.gain === null ? UNKNOWN_CELL : money(sum.gain),
        },
      },
    ];
  });
};

/** The CSV's column header, (a) to (h). */
export const FORM_8949_COLUMNS = [
  'Description of property (a)',
  'Date acquired (b)',
  'Date sold (c)',
  'Proceeds (d)',
  'Cost or other basis (e)',
  'Code (f)',
  'Adjustment (g)',
  'Gain or (loss) (h)',
] as const;

const SECTION_TITLES: Record<string, string> = {
  'I:A': 'Part I - Short-term - Box A (basis reported to the IRS)',
  'I:B': 'Part I - Short-term - Box B (basis unknown)',
  'II:D': 'Part II - Long-term - Box D (basis reported to the IRS)',
  'II:E': 'Part II - Long-term - Box E (basis unknown)',
  'UNKNOWN:null': 'Holding period unknown (date acquired unknown)',
};

export const sectionTitle = (section: Pick<Form8949Section, 'part' | 'box'>): string =>
  SECTION_TITLES[`${section.part}:${section.box}`] ?? `Part ${section.part}`;

const cell = (text: string): string => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The form as CSV (CRLF line ends, RFC 4180): an optional title line, the column header, then per section its title
 * line, its lines and a totals line ("Total" with the sums of (d), (e), (g), (h)).
 */
export const form8949Csv = (rows: readonly ClosedRow[], title?: string): string => {
  const lines: string[][] = [];
  if (title) lines.push([title]);
  lines.push([...FORM_8949_COLUMNS]);
  for (const section of form8949(rows)) {
    lines.push([sectionTitle(section)]);
    for (const line of section.lines) {
      lines.push([
        line.description,
        line.acquired,
        line.sold,
        line.proceeds,
        line.basis,
        line.code,
        line.adjustment,
        line.gain,
      ]);
    }
    const { totals } = section;
    lines.push(['Total', '', '', totals.proceeds, totals.basis, '', totals.adjustment, totals.gain]);
  }
  return lines.map((line) => `${line.map(cell).join(',')}\r\n`).join('');
};
