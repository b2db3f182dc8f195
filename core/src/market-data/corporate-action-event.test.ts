import { describe, expect, it } from 'vitest';
import { corporateActionTermsSchema, describeRatio } from './corporate-action-event';

const errors = (input: object) => {
  const result = corporateActionTermsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('Corporate action terms', () => {
  it('accepts the NFLX 10-for-1 split and upper-cases tickers', () => {
    const parsed = corporateActionTermsSchema.parse({
      type: 'SPLIT',
      symbol: 'nflx',
      ratio: '10',
      effectiveOn: '2025-11-17',
    });
    expect(parsed).toMatchObject({ symbol: 'NFLX', ratio: '10' });
  });

  it('refuses a ratio ≤ 0, an unknown type, a spin-off without a basis fraction in (0,1), a rename without a ticker', () => {
    expect(errors({ type: 'SPLIT', symbol: 'X', ratio: '0', effectiveOn: '2025-11-17' })).toEqual([
      'The ratio must be greater than 0',
    ]);
    expect(errors({ type: 'SPLIT', symbol: 'X', ratio: '-2', effectiveOn: '2025-11-17' })).toHaveLength(1);
    expect(errors({ type: 'MERGER', symbol: 'X', ratio: '1', effectiveOn: '2025-11-17' })).toContain(
      'Type must be SPLIT, RENAME or SPINOFF',
    );
    for (const basisFraction of [undefined, '0', '1', '1.5'])
      expect(
        errors({
          type: 'SPINOFF',
          symbol: 'DD',
          toSymbol: 'Q',
          ratio: '0.5',
          effectiveOn: '2025-11-01',
          basisFraction,
        }),
      ).toEqual(["A spin-off needs the basis fraction from the issuer's Form 8937, between 0 and 1"]);
    expect(errors({ type: 'RENAME', symbol: 'FB', ratio: '1', effectiveOn: '2022-06-09' })).toEqual([
      'A RENAME needs the new ticker',
    ]);
    expect(
      errors({ type: 'SPLIT', symbol: 'X', ratio: '2', effectiveOn: '2025-11-17', extra: 1 }),
    ).toHaveLength(1);
  });

  it('describes ratios as new-for-old', () => {
    expect([describeRatio('10'), describeRatio('0.1'), describeRatio('1.5'), describeRatio('0.05')]).toEqual([
      '10-for-1',
      '1-for-10',
      '3-for-2',
      '1-for-20',
    ]);
  });
});
