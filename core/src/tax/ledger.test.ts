import { describe, expect, it } from 'vitest';
import { dec } from '../shared/decimal';
import { buy, facts, lotText, rowText, sell, text } from '../testing/ledger-fixtures';
import { buildLedger, openWindows, previewSale, rowsOfYear } from './ledger';

describe('Publication 550 "Wash Sales" worked examples', () => {
  it('bought 100 for $1,000, sold for $750, 100 bought back for $800: $250 disallowed, new basis $1,050', () => {
    // Held 2026-01-05 → 2026-03-02: 26 (rest of January) + 28 (February) + 2 = 56 days. The replacement bought
    // 2026-03-20 starts its holding period 56 days earlier: 2026-03-20 − 28 = 02-20, − 28 = 2026-01-23.
    const ledger = buildLedger(
      facts(
        buy('a', 'XYZ', '100', '10', '2026-01-05'),
        sell('s', 'XYZ', '7.5', '2026-03-02', [['a', '100']]),
        buy('b', 'XYZ', '100', '8', '2026-03-20'),
      ),
    );
    // Loss 750 − 1000 = −250, all 100 shares matched: adjustment 250, (h) = 750 − 1000 + 250 = 0.
    expect(rowText(ledger.closedRows[0])).toEqual({
      lotId: 'a',
      shares: '100',
      acquiredOn: '2026-01-05',
      proceeds: '750',
      basis: '1000',
      code: 'W',
      adjustment: '250',
      gain: '0',
      term: 'SHORT',
    });
    // 800 + 250 = 1050.
    expect(ledger.openLots.map(lotText)).toEqual([
      { lotId: 'b', shares: '100', basis: '1050', holdingStart: '2026-01-23', adjusted: ['s:100:250'] },
    ]);
  });

  it('the same with the stock bought back for $1,100: basis $1,350', () => {
    const ledger = buildLedger(
      facts(
        buy('a', 'M', '100', '10', '2026-01-05'),
        sell('s', 'M', '7.5', '2026-03-02', [['a', '100']]),
        buy('b', 'M', '100', '11', '2026-03-03'),
      ),
    );
    // 1100 + 250 = 1350.
    expect(ledger.openLots[0]?.basis?.toFixed()).toBe('1350');
  });

  it('more stock bought than sold: the loss goes to the shares bought first (50 on Feb 12, 50 on Feb 13)', () => {
    // 100 shares bought 2018-09-24 for $2,000, sold 2019-02-01 for $1,000: a $1,000 loss. 50 shares bought on each
    // of 12–15 February at $10. The first 100 replacement shares (12 and 13 February) absorb $500 each:
    // 50 × 10 + 500 = 1000 each; the 14th and 15th keep $500. Held 2018-09-24 → 2019-02-01 = 6 + 31 + 30 + 31 +
    // 31 + 1 = 130 days: 2019-02-12 − 130 = 2018-10-05 (and 10-06 for the 13th).
    const ledger = buildLedger(
      facts(
        buy('a', 'M', '100', '20', '2018-09-24'),
        sell('s', 'M', '10', '2019-02-01', [['a', '100']]),
        buy('b12', 'M', '50', '10', '2019-02-12'),
        buy('b13', 'M', '50', '10', '2019-02-13'),
        buy('b14', 'M', '50', '10', '2019-02-14'),
        buy('b15', 'M', '50', '10', '2019-02-15'),
      ),
    );
    expect(rowText(ledger.closedRows[0])?.adjustment).toBe('1000');
    expect(rowText(ledger.closedRows[0])?.gain).toBe('0');
    expect(ledger.openLots.map(lotText)).toEqual([
      { lotId: 'b12', shares: '50', basis: '1000', holdingStart: '2018-10-05', adjusted: ['s:50:500'] },
      { lotId: 'b13', shares: '50', basis: '1000', holdingStart: '2018-10-06', adjusted: ['s:50:500'] },
      { lotId: 'b14', shares: '50', basis: '500', holdingStart: '2019-02-14', adjusted: [] },
      { lotId: 'b15', shares: '50', basis: '500', holdingStart: '2019-02-15', adjusted: [] },
    ]);
  });

  it('fewer shares bought than sold: sold 100 at a $1,000 loss, 75 bought back → $750 disallowed, $250 deductible', () => {
    const ledger = buildLedger(
      facts(
        buy('a', 'X', '100', '20', '2026-01-05'),
        sell('s', 'X', '10', '2026-03-02', [['a', '100']]),
        buy('b', 'X', '75', '10', '2026-03-10'),
      ),
    );
    // 1000 × 75 ÷ 100 = 750; (h) = 1000 − 2000 + 750 = −250.
    expect(rowText(ledger.closedRows[0])).toMatchObject({ code: 'W', adjustment: '750', gain: '-250' });
    expect(ledger.windows.map((w) => [text(w.unmatchedShares), text(w.openLoss), w.until])).toEqual([
      ['25', '250', '2026-04-01'],
    ]);
  });
});

describe('The issue: 10 bought four months ago at 500, sold today at 400', () => {
  const bought = buy('a', 'AMZN', '10', '500', '2026-07-27');
  const sold = sell('s', 'AMZN', '400', '2026-11-27', [['a', '10']]);

  it('all 10 bought back today at 410: W, adjustment 1000, gain 0; basis 5100, holding from the first purchase', () => {
    // Loss 4000 − 5000 = −1000, all matched. New basis 4100 + 1000 = 5100. Held 2026-07-27 → 11-27 = 123 days
    // (31 + 31 + 30 + 31), so the replacement bought today starts 123 days ago: 2026-07-27.
    const ledger = buildLedger(facts(bought, sold, buy('b', 'AMZN', '10', '410', '2026-11-27')));
    expect(rowText(ledger.closedRows[0])).toMatchObject({ code: 'W', adjustment: '1000', gain: '0' });
    expect(ledger.openLots.map(lotText)).toEqual([
      { lotId: 'b', shares: '10', basis: '5100', holdingStart: '2026-07-27', adjusted: ['s:10:1000'] },
    ]);
    expect(ledger.adjustmentsByLot.get('b')?.map((a) => [a.saleId, text(a.amount)])).toEqual([['s', '1000']]);
    expect(openWindows(ledger, '2026-11-27')).toEqual([]);
  });

  it('3 of 10 bought back: 300 of the 1000 disallowed (3 shares at 1530), 7 shares of loss still open', () => {
    // 1000 × 3 ÷ 10 = 300; (h) = 4000 − 5000 + 300 = −700; basis 3 × 410 + 300 = 1530.
    const ledger = buildLedger(facts(bought, sold, buy('b', 'AMZN', '3', '410', '2026-11-27')));
    expect(rowText(ledger.closedRows[0])).toMatchObject({ code: 'W', adjustment: '300', gain: '-700' });
    expect(ledger.openLots.map(lotText)).toEqual([
      { lotId: 'b', shares: '3', basis: '1530', holdingStart: '2026-07-27', adjusted: ['s:3:300'] },
    ]);
    expect(
      openWindows(ledger, '2026-12-27').map((w) => [w.symbol, text(w.unmatchedShares), text(w.openLoss)]),
    ).toEqual([['AMZN', '7', '700']]);
    expect(openWindows(ledger, '2026-12-28')).toEqual([]);
  });

  it('a buy 10 days before the sale is a replacement while its shares are still open at the sale', () => {
    // Lot b (10 at 450, bought 2026-11-17) absorbs the 1000: basis 4500 + 1000 = 5500; it starts 123 days before
    // its own trade date: 2026-11-17 − 123 = 2026-07-17.
    const ledger = buildLedger(facts(bought, buy('b', 'AMZN', '10', '450', '2026-11-17'), sold));
    expect(rowText(ledger.closedRows[0])).toMatchObject({ code: 'W', adjustment: '1000', gain: '0' });
    expect(ledger.openLots.map(lotText)).toEqual([
      { lotId: 'b', shares: '10', basis: '5500', holdingStart: '2026-07-17', adjusted: ['s:10:1000'] },
    ]);
    // Sold again before the loss sale: no longer held, so no replacement.
    const gone = buildLedger(
      facts(
        bought,
        buy('b', 'AMZN', '10', '450', '2026-11-17'),
        sell('s0', 'AMZN', '460', '2026-11-20', [['b', '10']]),
        sold,
      ),
    );
    expect(gone.closedRows.map((r) => [r.saleId, r.code, r.gain?.toFixed()])).toEqual([
      ['s0', '', '100'],
      ['s', '', '-1000'],
    ]);
  });

  it('the window is 30 days either side of the trade date, inclusive', () => {
    const codeWith = (on: string) =>
      buildLedger(facts(bought, buy('b', 'AMZN', '1', '410', on), sold)).closedRows[0]?.code;
    expect([
      codeWith('2026-10-27'),
      codeWith('2026-10-28'),
      codeWith('2026-12-27'),
      codeWith('2026-12-28'),
    ]).toEqual(['', 'W', 'W', '']);
  });

  it("a buy in the investor's other tracking counts", () => {
    const ledger = buildLedger(facts(bought, sold, buy('b', 'AMZN', '10', '410', '2026-12-01', 't2')));
    expect(rowText(ledger.closedRows[0])).toMatchObject({ code: 'W', adjustment: '1000' });
    expect(ledger.openLots.map((l) => [l.trackingId, l.basis?.toFixed()])).toEqual([['t2', '5100']]);
  });

  it('an imported lot with a known date inside the window counts; one without a date never does', () => {
    const imported = buildLedger(facts(buy('imp-1', 'AMZN', '10', '390', '2026-11-10', 't2'), bought, sold));
    expect(rowText(imported.closedRows[0])).toMatchObject({ code: 'W', adjustment: '1000' });
    const undated = buildLedger(facts(buy('imp-1', 'AMZN', '10', '390', null, 't2'), bought, sold));
    expect(rowText(undated.closedRows[0])).toMatchObject({ code: '', adjustment: '0', gain: '-1000' });
  });

  it('a buy of GOOG after a loss sale of GOOGL counts (share classes of one issuer)', () => {
    const ledger = buildLedger(
      facts(
        buy('a', 'GOOGL', '10', '200', '2026-07-27'),
        sell('s', 'GOOGL', '150', '2026-11-27', [['a', '10']]),
        buy('b', 'GOOG', '10', '151', '2026-11-28'),
      ),
    );
    // Loss 1500 − 2000 = −500, disallowed; GOOG basis 1510 + 500 = 2010.
    expect(rowText(ledger.closedRows[0])).toMatchObject({ code: 'W', adjustment: '500', gain: '0' });
    expect(ledger.openLots[0]?.basis?.toFixed()).toBe('2010');
    expect(ledger.windows[0]?.securityKey).toBe('class:GOOG');
  });

  it('a December loss with a January buy: the row stays in December’s year with its W', () => {
    const ledger = buildLedger(
      facts(
        buy('a', 'AMZN', '10', '500', '2026-07-27'),
        sell('s', 'AMZN', '400', '2026-12-20', [['a', '10']]),
        buy('b', 'AMZN', '10', '410', '2027-01-10'),
      ),
    );
    expect(rowsOfYear(ledger, 2026).map((r) => [r.soldOn, r.code, r.adjustment.toFixed()])).toEqual([
      ['2026-12-20', 'W', '1000'],
    ]);
    expect(rowsOfYear(ledger, 2027)).toEqual([]);
    // Held 2026-07-27 → 12-20 = 146 days; 2027-01-10 − 146 = 2026-08-17.
    expect(ledger.openLots[0]?.holdingStart).toBe('2026-08-17');
  });
});

describe('Reading the ledger', () => {
  const recorded = facts(
    buy('a', 'X', '10', '100', '2026-01-05'),
    buy('b', 'X', '4', '70', '2026-02-25'),
    buy('c', 'Y', '5', '10', '2026-01-05', 't2'),
    sell('s', 'Y', '12', '2026-02-01', [['c', '5']], 't2'),
  );

  it('previews a sale with the replacements already held: disallowed and deductible parts', () => {
    const ledger = buildLedger(recorded);
    // Selling lot a at 80 on 2026-03-02: loss 200; lot b's 4 shares (bought 5 days before) disallow 200 × 4 ÷ 10
    // = 80; 120 stays deductible.
    const preview = previewSale(ledger, recorded, {
      saleId: 'preview',
      trackingId: 't1',
      symbol: 'X',
      soldOn: '2026-03-02',
      pricePerShare: dec('80'),
      closes: [{ lotId: 'a', shares: dec('10') }],
      harvestId: null,
    });
    expect([text(preview.disallowed), text(preview.deductible)]).toEqual(['80', '120']);
    expect(preview.rows.map((r) => [r.code, r.adjustment.toFixed(), r.gain?.toFixed()])).toEqual([
      ['W', '80', '-120'],
    ]);
    // The ledger itself is unchanged.
    expect(ledger.closedRows).toHaveLength(1);
  });

  it('gives the rows of a year, of one tracking or all', () => {
    const ledger = buildLedger(recorded);
    expect(rowsOfYear(ledger, 2026, 't2').map((r) => r.saleId)).toEqual(['s']);
    expect(rowsOfYear(ledger, 2026, 't1')).toEqual([]);
    expect(rowsOfYear(ledger, null)).toHaveLength(1);
    expect(rowsOfYear(ledger, 2025)).toEqual([]);
  });
});
