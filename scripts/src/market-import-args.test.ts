import { describe, expect, it } from 'vitest';
import { parseMarketImportArgs } from './market-import-args';

describe('market:import arguments', () => {
  it('reads --force and --as-of in both spellings', () => {
    expect(parseMarketImportArgs([])).toEqual({ force: false });
    expect(parseMarketImportArgs(['--force'])).toEqual({ force: true });
    expect(parseMarketImportArgs(['--as-of', '2025-11-18'])).toEqual({ force: false, asOf: '2025-11-18' });
    expect(parseMarketImportArgs(['--as-of=2025-09-26', '--force'])).toEqual({
      force: true,
      asOf: '2025-09-26',
    });
  });

  it('refuses a missing or impossible date and unknown arguments', () => {
    expect(() => parseMarketImportArgs(['--as-of'])).toThrow(
      '--as-of needs a date as YYYY-MM-DD (got nothing)',
    );
    expect(() => parseMarketImportArgs(['--as-of', '2025-02-30'])).toThrow('(got 2025-02-30)');
    expect(() => parseMarketImportArgs(['--as-of', '18.11.2025'])).toThrow('(got 18.11.2025)');
    expect(() => parseMarketImportArgs(['--dry-run'])).toThrow('Unknown argument --dry-run');
  });
});
