import { D } from '@etf-replicator/core/shared/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDays,
  formatMoney,
  formatMoneyCompact,
  formatPercent,
  formatPoints,
  formatShares,
  formatSignedMoney,
  formatWeight,
  MISSING,
} from './format';

describe('formatting (one module for every screen)', () => {
  it('rounds money half-up to the cent, with grouping and a sign before the dollar', () => {
    // Issue 32: 19.86 shares × $181.36 = 3,601.8096; the third decimal is 9, so the cent rounds up to .81 (the
    // Form 8949 CSV says 3,601.81; truncating showed $3,601.80).
    expect(formatMoney(new D('19.86').mul('181.36'))).toBe('$3,601.81');
    // 30,436.815: exactly half a cent goes up, to .82 (the import preview said $30,436.81 beside a $30,436.82 target).
    expect(formatMoney('30436.815')).toBe('$30,436.82');
    // 1,234,567.899: .899 → .90, grouped in threes.
    expect(formatMoney('1234567.899')).toBe('$1,234,567.90');
    // 12.344 → .34: below half a cent stays down.
    expect(formatMoney('12.344')).toBe('$12.34');
    expect(formatMoney('0')).toBe('$0.00');
    // -997.925: half a cent away from zero, as decimal.js's ROUND_HALF_UP and the CSVs do → -997.93.
    expect(formatMoney('-997.925')).toBe('-$997.93');
    // A float from a chart: its shortest decimal text 448.6263122558594 → .63.
    expect(formatMoney(448.6263122558594)).toBe('$448.63');
    // -0.004 rounds to zero: no "-$0.00".
    expect(formatMoney('-0.004')).toBe('$0.00');
    expect(formatMoney('-0.005')).toBe('-$0.01');
    expect(formatMoney('9999999999.995')).toBe('$10,000,000,000.00');
    expect(formatMoney(null)).toBe(MISSING);
    expect(formatMoney('abc')).toBe(MISSING);
  });

  it('formats shares truncated to 2 decimals without padding: never more than is held', () => {
    expect(formatShares('2.509')).toBe('2.5');
    // 0.999 shares truncate to 0.99 (rounding would claim a whole share).
    expect(formatShares('0.999')).toBe('0.99');
    expect(formatShares('-3.339')).toBe('-3.33');
    expect(formatShares('1000')).toBe('1,000');
    expect(formatShares('0.339')).toBe('0.33');
    expect(formatShares(undefined)).toBe(MISSING);
  });

  it('formats every percentage with exactly 2 decimals, rounded half-up the same way everywhere', () => {
    // 10.236811 → third decimal 6 → 10.24.
    expect(formatPercent('10.236811')).toBe('10.24%');
    // 9.507 → 9.51; 9.504 → 9.50.
    expect(formatPercent('9.507')).toBe('9.51%');
    expect(formatPercent('9.504')).toBe('9.50%');
    expect(formatPercent('0.2')).toBe('0.20%');
    // 81.7986 → 81.80 (truncation showed 81.79); 96.8199 → 96.82; 99.995 (exactly half) → 100.00.
    expect(formatPercent('81.7986')).toBe('81.80%');
    expect(formatPercent('96.8199')).toBe('96.82%');
    expect(formatPercent('99.995')).toBe('100.00%');
    expect(formatPercent(100)).toBe('100.00%');
    expect(formatPercent('-89.5249')).toBe('-89.52%');
    expect(formatPercent('')).toBe(MISSING);
  });

  it('shows a calendar date as that day whatever the time zone, and instants with their time', () => {
    expect(formatDate('2025-10-30')).toBe('Oct 30, 2025');
    expect(formatDate('2026-07-14T10:00:00.000Z')).toBe('Jul 14, 2026');
    expect(formatDate(null)).toBe(MISSING);
    expect(formatDate('not a date')).toBe(MISSING);
    expect(formatDate('2026-11-26')).toBe('Nov 26, 2026');
    expect(formatDateTime('2026-07-14T10:05:00.000Z')).toMatch(/^Jul 14, 2026, \d{2}:\d{2}$/);
  });

  it('writes index weights as the index names them, up to 4 decimals', () => {
    expect(formatWeight('70')).toBe('70 %');
    expect(formatWeight('12.50')).toBe('12.5 %');
    // 33.33335 has a fifth decimal 5: half-up to 33.3334.
    expect(formatWeight('33.33335')).toBe('33.3334 %');
    expect(formatWeight('')).toBe(MISSING);
  });

  it('formats drift alert thresholds in points, singular for one', () => {
    expect(formatPoints('2')).toBe('2 points');
    expect(formatPoints('1')).toBe('1 point');
    expect(formatPoints('1.5')).toBe('1.5 points');
    // 0.999 → 1.00 → "1 point"; 1.254 → 1.25.
    expect(formatPoints('0.999')).toBe('1 point');
    expect(formatPoints('1.254')).toBe('1.25 points');
    expect(formatPoints(undefined)).toBe(MISSING);
  });

  it('counts days, singular for one, grouped above a thousand', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(0)).toBe('0 days');
    expect(formatDays(30)).toBe('30 days');
    expect(formatDays(1200)).toBe('1,200 days');
    expect(formatDays(1.5)).toBe(MISSING);
  });

  it('signs gains and losses so that they read without colour', () => {
    // 12.345 is exactly half a cent above 12.34 → 12.35.
    expect(formatSignedMoney('12.345')).toBe('+$12.35');
    expect(formatSignedMoney('-0.004')).toBe('$0.00');
    expect(formatSignedMoney('-5')).toBe('-$5.00');
    expect(formatSignedMoney('0.001')).toBe('$0.00');
    expect(formatSignedMoney(null)).toBe(MISSING);
  });

  it('puts the sign of a compact axis amount before the dollar', () => {
    expect(formatMoneyCompact(12_300)).toBe('$12.3K');
    expect(formatMoneyCompact(-900)).toBe('-$900');
    expect(formatMoneyCompact(Number.NaN)).toBe(MISSING);
  });

  it('writes a range of closes as one sentence-ready span', () => {
    expect(formatDateRange('2025-10-30', '2025-11-18')).toBe('Oct 30 – Nov 18, 2025');
    expect(formatDateRange('2025-11-18', '2025-11-18')).toBe('Nov 18, 2025');
    expect(formatDateRange('2025-12-30', '2026-01-02')).toBe('Dec 30, 2025 – Jan 2, 2026');
    expect(formatDateRange('bad', '2026-01-02')).toBe('Jan 2, 2026');
  });
});

/** A decimal text of up to 12 integer digits and 0–6 decimals, either sign: what money and rates look like. */
const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 999_999_999_999n }),
    fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 6 }),
  )
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);

/** decimal.js's own half-up to `places`, written the way the screen writes it (grouped, no "-0"). */
const expectedText = (text: string, places: number): string => {
  const rounded = new D(text).toDecimalPlaces(places, D.ROUND_HALF_UP);
  const [whole = '0', fraction = ''] = rounded.abs().toFixed(places).split('.');
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};

describe('formatting rounds as decimal.js does (property)', () => {
  it('money is decimal.js toDecimalPlaces(2, ROUND_HALF_UP), with the sign before the dollar', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const expected = expectedText(text, 2);
        expect(formatMoney(text)).toBe(expected.startsWith('-') ? `-$${expected.slice(1)}` : `$${expected}`);
      }),
    );
  });

  it('percentages are decimal.js toDecimalPlaces(2, ROUND_HALF_UP) with a percent sign', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(formatPercent(text)).toBe(`${expectedText(text, 2)}%`);
      }),
    );
  });

  it('shares are truncated: never more than the value', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const shown = new D(formatShares(text).replaceAll(',', ''));
        const exact = new D(text);
        expect(shown.abs().lte(exact.abs())).toBe(true);
        expect(exact.abs().minus(shown.abs()).lt('0.01')).toBe(true);
      }),
    );
  });
});
