import type { Form8949Part, RealizedLot } from '@etf-replicator/core/contracts/taxes';
import { D, type Decimal } from '@etf-replicator/core/shared/decimal';
import { centsText } from '@/lib/format';

type Row = Pick<RealizedLot, 'proceeds' | 'costBasis' | 'adjustment' | 'term'>;
type PartName = Form8949Part['part'];
type Box = Form8949Part['box'];

const PART_OF_TERM = { SHORT: 'I', LONG: 'II', UNKNOWN: 'UNKNOWN' } as const satisfies Record<
  Row['term'],
  PartName
>;
const ORDER: readonly PartName[] = ['I', 'II', 'UNKNOWN'];

/** A Form 8949 cell: dollars and cents, half-up (as the CSV rounds). */
const cents = (value: string): Decimal => new D(value).toDecimalPlaces(2, D.ROUND_HALF_UP);

/** Box A/D when the basis is known, B/E when it is not; none while the term itself is unknown. */
const boxOf = (part: PartName, basisKnown: boolean): Box =>
  part === 'UNKNOWN' ? null : part === 'I' ? (basisKnown ? 'A' : 'B') : basisKnown ? 'D' : 'E';

type Sum = {
  proceeds: Decimal;
  costBasis: Decimal | null;
  adjustment: Decimal;
  gain: Decimal | null;
  count: number;
};

/**
 * The Form 8949 sections of one year's realised rows, as the account report (GET /api/tax/realized-gains) gives
 * them: Part I (short-term), Part II (long-term) and the rows whose holding period is unknown, each split by box.
 * Every cell is rounded to the cent first and (h) = (d) − (e) + (g) of the rounded cells, so the totals are the
 * sums of what the CSV shows; a section with an unknown basis has no basis or gain total (null).
 */
export const form8949Parts = (rows: readonly Row[]): Form8949Part[] => {
  const sums = new Map<string, { part: PartName; box: Box; sum: Sum }>();
  for (const row of rows) {
    const part = PART_OF_TERM[row.term];
    const box = boxOf(part, row.costBasis !== null);
    const key = `${part}:${box ?? ''}`;
    const entry = sums.get(key) ?? {
      part,
      box,
      sum: { proceeds: new D(0), costBasis: new D(0), adjustment: new D(0), gain: new D(0), count: 0 },
    };
    const proceeds = cents(row.proceeds);
    const adjustment = cents(row.adjustment);
    const basis = row.costBasis === null ? null : cents(row.costBasis);
    const { sum } = entry;
    sum.proceeds = sum.proceeds.plus(proceeds);
    sum.adjustment = sum.adjustment.plus(adjustment);
    sum.costBasis = basis === null || sum.costBasis === null ? null : sum.costBasis.plus(basis);
    sum.gain =
      basis === null || sum.gain === null ? null : sum.gain.plus(proceeds.minus(basis).plus(adjustment));
    sum.count += 1;
    sums.set(key, entry);
  }
  return [...sums.values()]
    .sort((a, b) => ORDER.indexOf(a.part) - ORDER.indexOf(b.part) || (a.box ?? '').localeCompare(b.box ?? ''))
    .map(({ part, box, sum }) => ({
      part,
      box,
      proceeds: centsText(sum.proceeds),
      costBasis: sum.costBasis ? centsText(sum.costBasis) : null,
      adjustment: centsText(sum.adjustment),
      gain: sum.gain ? centsText(sum.gain) : null,
      count: sum.count,
    }));
};
