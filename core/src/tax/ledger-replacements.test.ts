import { describe, expect, it } from 'vitest';
import { buy, facts, lotText, rowText, sell } from '../testing/ledger-fixtures';
import { buildLedger, openWindows } from './ledger';

describe('What the rule leaves alone', () => {
  it('a sale with a gain is never W, whatever is bought', () => {
    const ledger = buildLedger(
      facts(
        buy('a', 'X', '10', '100', '2026-01-05'),
        sell('s', 'X', '120', '2026-03-02', [['a', '10']]),
        buy('b', 'X', '10', '121', '2026-03-03'),
      ),
    );
    expect(rowText(ledger.closedRows[0])).toMatchObject({ code: '', adjustment: '0', gain: '200' });
    expect(ledger.windows).toEqual([]);
    expect(ledger.openLots[0]?.basis?.toFixed()).toBe('1210');
  });

  it('shares sold in the same sale are never its replacements', () => {
    const ledger = buildLedger(
      facts(
        buy('a', 'X', '10', '100', '2026-01-05'),
        buy('b', 'X', '10', '90', '2026-02-20'),
        sell('s', 'X', '80', '2026-03-02', [
          ['a', '10'],
          ['b', '10'],
        ]),
      ),
    );
    expect(ledger.closedRows.map((r) => [r.lotId, r.code, r.gain?.toFixed()])).toEqual([
      ['a', '', '-200'],
      ['b', '', '-100'],
    ]);
  });

  it('a replacement share absorbs one loss only: the second loss sale stays deductible', () => {
    // s1 (loss 100 on lot a) takes all 10 shares of c; s2 (loss 50 on lot b) finds nothing left.
    const ledger = buildLedger(
      facts(
        buy('a', 'X', '10', '100', '2026-01-05'),
        buy('b', 'X', '10', '95', '2026-01-06'),
        sell('s1', 'X', '90', '2026-03-02', [['a', '10']]),
        sell('s2', 'X', '90', '2026-03-03', [['b', '10']]),
        buy('c', 'X', '10', '91', '2026-03-04'),
      ),
    );
    expect(
      ledger.closedRows.map((r) => [r.saleId, r.code, r.adjustment.toFixed(), r.gain?.toFixed()]),
    ).toEqual([
      ['s1', 'W', '100', '0'],
      ['s2', '', '0', '-50'],
    ]);
    expect(ledger.openLots.map(lotText)).toEqual([
      // 910 + 100; held 56 days before s1: 2026-03-04 − 56 = 2026-01-07.
      { lotId: 'c', shares: '10', basis: '1010', holdingStart: '2026-01-07', adjusted: ['s1:10:100'] },
    ]);
    expect(openWindows(ledger, '2026-03-05').map((w) => w.saleId)).toEqual(['s2']);
  });

  it('unknown basis: no gain and never a matched loss; unknown date: term UNKNOWN', () => {
    const ledger = buildLedger(
      facts(
        buy('imp-1', 'X', '10', null, '2026-01-05'),
        buy('imp-2', 'X', '10', '100', null),
        sell('s', 'X', '50', '2026-03-02', [
          ['imp-1', '10'],
          ['imp-2', '10'],
        ]),
        buy('b', 'X', '20', '50', '2026-03-03'),
      ),
    );
    expect(ledger.closedRows.map(rowText)).toEqual([
      {
        lotId: 'imp-1',
        shares: '10',
        acquiredOn: '2026-01-05',
        proceeds: '500',
        basis: null,
        code: '',
        adjustment: '0',
        gain: null,
        term: 'SHORT',
      },
      {
        // The loss is known (500 − 1000): it is matched, but the replacement's holding start cannot be known.
        lotId: 'imp-2',
        shares: '10',
        acquiredOn: null,
        proceeds: '500',
        basis: '1000',
        code: 'W',
        adjustment: '500',
        gain: '0',
        term: 'UNKNOWN',
      },
    ]);
    expect(ledger.openLots.map(lotText)).toEqual([
      { lotId: 'b', shares: '10', basis: '1000', holdingStart: null, adjusted: ['s:10:500'] },
      { lotId: 'b', shares: '10', basis: '500', holdingStart: '2026-03-03', adjusted: [] },
    ]);
  });

  it('long term only after the anniversary of the holding-period start', () => {
    const termOn = (soldOn: string) =>
      buildLedger(facts(buy('a', 'X', '1', '10', '2024-03-15'), sell('s', 'X', '12', soldOn, [['a', '1']])))
        .closedRows[0]?.term;
    expect([termOn('2025-03-15'), termOn('2025-03-16')]).toEqual(['SHORT', 'LONG']);
  });
});
