import { describe, expect, it } from 'vitest';
import { draftOf, exclusionChanges, hasChanges } from './exclusions-draft';

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
      mode: 'keep',
    });
    expect(changes).toEqual({
      include: { symbols: ['AAPL'], sectors: [] },
      exclude: { symbols: ['MSFT'], sectors: ['Utilities'], mode: 'keep' },
    });
    expect(hasChanges(changes)).toBe(true);
  });
});
