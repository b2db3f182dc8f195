import { describe, expect, it } from 'vitest';
import { draftOf, exclusionChanges, hasChanges, symbolProblem } from './exclusions-draft';

const saved = {
  symbols: [{ symbol: 'AAPL', mode: 'keep' as const }],
  sectors: [{ sector: 'Energy', mode: 'sell' as const }],
};

describe('exclusion changes', () => {
  it('has none for the saved exclusions themselves', () => {
    expect(hasChanges(exclusionChanges(saved, draftOf(saved)))).toBe(false);
    expect(hasChanges(exclusionChanges(undefined, draftOf(undefined)))).toBe(false);
  });

  it('takes back what the draft dropped and excludes what it added, in its mode', () => {
    const changes = exclusionChanges(saved, {
      symbols: ['MSFT'],
      sectors: ['Energy', 'Utilities'],
      industries: [],
      mode: 'keep',
    });
    expect(changes).toEqual({
      include: { symbols: ['AAPL'], sectors: [] },
      exclude: { symbols: ['MSFT'], sectors: ['Utilities'], mode: 'keep' },
    });
    expect(hasChanges(changes)).toBe(true);
  });

  it('excludes and takes back industries (a screen is its industries; issue 30), named only when there are some', () => {
    const withTobacco = { ...saved, industries: [{ industry: 'Tobacco', mode: 'sell' as const }] };
    const changes = exclusionChanges(withTobacco, {
      ...draftOf(withTobacco),
      industries: ['Casinos & Gaming'],
    });
    expect(changes).toEqual({
      include: { symbols: [], sectors: [], industries: ['Tobacco'] },
      exclude: { symbols: [], sectors: [], industries: ['Casinos & Gaming'], mode: 'sell' },
    });
    expect(hasChanges(exclusionChanges(withTobacco, draftOf(withTobacco)))).toBe(false);
  });
});

describe('which typed symbols may become a chip (issue 32)', () => {
  const known = { etfSymbol: 'VOO', symbols: ['NVDA', 'TSLA', 'TSM'], complete: true };

  it('takes a holding of the ETF that is not excluded yet', () => {
    expect(symbolProblem('TSLA', [], known)).toBeNull();
    expect(symbolProblem('TSLA', ['TSLA'], known)).toBe('TSLA is already excluded');
    expect(symbolProblem('', [], known)).toBe('Type the symbol of a stock of this ETF');
  });

  it('refuses anything else, naming a near miss that is still free', () => {
    expect(symbolProblem('TSL', [], known)).toBe('TSL is not a holding of VOO. Did you mean TSLA?');
    expect(symbolProblem('TS', ['TSLA'], known)).toBe('TS is not a holding of VOO. Did you mean TSM?');
    expect(symbolProblem('ZZZZ', [], known)).toBe('ZZZZ is not a holding of VOO.');
    expect(symbolProblem('WMT', [], { ...known, complete: false })).toBe(
      'WMT is not among the VOO holdings your plan shows.',
    );
  });
});
