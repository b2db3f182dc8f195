import { describe, expect, it } from 'vitest';
import { buy, corporateAction, facts, rowText, sell } from '../testing/ledger-fixtures';
import { buildLedger } from './ledger';

describe('Corporate actions', () => {
  it('a 2-for-1 split doubles the shares, keeps basis and holding period; later closes name post-split shares', () => {
    const ledger = buildLedger(
      facts(
        buy('a', 'X', '10', '100', '2025-01-05'),
        corporateAction('sp', 'SPLIT', 'X', '2025-06-01', { ratio: '2', lotIds: ['a'] }),
        sell('s', 'X', '60', '2026-03-02', [['a', '20']]),
      ),
    );
    // 20 × 60 = 1200 − 1000 = 200, long term from 2025-01-05.
    expect(rowText(ledger.closedRows[0])).toMatchObject({
      shares: '20',
      proceeds: '1200',
      basis: '1000',
      gain: '200',
      acquiredOn: '2025-01-05',
      term: 'LONG',
    });
  });

  it('a rename carries the lots to the new symbol; a spin-off moves its basis fraction to the new stock', () => {
    const ledger = buildLedger(
      facts(
        buy('a', 'OLD', '10', '100', '2025-01-05'),
        corporateAction('rn', 'RENAME', 'OLD', '2025-03-01', { toSymbol: 'NEW', lotIds: ['a'] }),
        corporateAction('so', 'SPINOFF', 'NEW', '2025-04-01', {
          toSymbol: 'KID',
          lotIds: ['a'],
          ratio: '0.5',
          basisFraction: '0.2',
        }),
      ),
    );
    // 1000 × 0.8 = 800 stays; 1000 × 0.2 = 200 moves to 10 × 0.5 = 5 KID shares, held from 2025-01-05.
    expect(
      ledger.openLots.map((l) => [l.lotId, l.symbol, l.shares.toFixed(), l.basis?.toFixed(), l.holdingStart]),
    ).toEqual([
      ['a', 'NEW', '10', '800', '2025-01-05'],
      ['a:so', 'KID', '5', '200', '2025-01-05'],
    ]);
  });

  it('applies per lot: a BUY recorded after the split gets its own application, a later lot none', () => {
    // NFLX 10-for-1 effective 2025-11-17. 'a' (2 @ $1,089, Oct 30) was held when the split was recorded; 'b'
    // (1 @ $1,089, Oct 30) was recorded after it with its own application; 'c' (5 @ $110, Nov 20) is after it.
    // a: 2 × 10 = 20 shares, basis 2,178; b: 1 × 10 = 10 shares, basis 1,089; c: 5 shares, basis 550, untouched.
    const ledger = buildLedger(
      facts(
        buy('a', 'NFLX', '2', '1089', '2025-10-30'),
        corporateAction('nflx', 'SPLIT', 'NFLX', '2025-11-17', { ratio: '10', lotIds: ['a'] }),
        buy('c', 'NFLX', '5', '110', '2025-11-20'),
        buy('b', 'NFLX', '1', '1089', '2025-10-30'),
        corporateAction('nflx', 'SPLIT', 'NFLX', '2025-11-17', { ratio: '10', lotIds: ['b'] }),
      ),
    );
    expect(ledger.openLots.map((l) => [l.lotId, l.shares.toFixed(), l.basis?.toFixed()])).toEqual([
      ['a', '20', '2178'],
      ['b', '10', '1089'],
      ['c', '5', '550'],
    ]);
  });
});
