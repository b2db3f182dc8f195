import { describe, expect, it } from 'vitest';
import { dec } from '../shared/decimal';
import { buy, facts, rowText, sell } from '../testing/ledger-fixtures';
import type { Lot } from '../tracking/lots';
import { openPartsOn, taxPartsOf } from './harvest-tax-parts';
import { DEFAULT_MIN_LOSS, harvestCandidates, lossLotCloses, lossLotsOf, qualifies } from './harvesting';
import { buildLedger, previewSale } from './ledger';
import type { TradeFact } from './ledger-types';

/** A lot as the tracking's fold holds it: raw price paid and purchase date. */
const lot = (lotId: string, shares: string, cost: string, acquiredAt: string, costKnown = true): Lot => ({
  lotId,
  symbol: 'XYZ',
  shares: dec(shares),
  costPerShare: dec(cost),
  acquiredAt,
  costKnown,
  dateKnown: true,
});

const partsOf = (list: readonly TradeFact[]) => taxPartsOf(buildLedger(list).openLots);

/**
 * The brief's worked example. Bought 10 @ $100 on 2026-01-02, sold 10 @ $80 on 2026-03-02: a $200 loss. 10 bought
 * back @ $85 on 2026-03-10 (8 days after the sale): all $200 disallowed, carried into the replacement: basis
 * 10 × 85 + 200 = $1,050 ($105/share). The sold shares were held 2026-01-02 → 2026-03-02 = 29 (rest of January) +
 * 28 (February) + 2 = 59 days, so the replacement's holding period starts 59 days before 2026-03-10:
 * − 10 → 02-28, − 28 → 01-31, − 21 → 2026-01-10.
 */
const washed = facts(
  buy('a', 'XYZ', '10', '100', '2026-01-02'),
  sell('s', 'XYZ', '80', '2026-03-02', [['a', '10']]),
  buy('r', 'XYZ', '10', '85', '2026-03-10'),
);
const replacement = lot('r', '10', '85', '2026-03-10');

describe('harvest candidates by the ledger basis (issue 26)', () => {
  it('a replacement below its price paid but above its adjusted basis is a loss lot: loss 100.00, short term', () => {
    const price = dec('95');
    // Raw cost $85 < $95: no loss by the price paid.
    expect(lossLotsOf([replacement], 'XYZ', price, '2026-03-20')).toBeNull();
    // Adjusted basis $1,050 − proceeds 10 × 95 = $950: a $100 loss; held since 2026-01-10: short term.
    const found = lossLotsOf([replacement], 'XYZ', price, '2026-03-20', partsOf(washed));
    expect(
      found?.lots.map((l) =>
        [l.lotId, l.shares, l.costPerShare, l.costBasis, l.holdingStart, l.term].map(String),
      ),
    ).toEqual([['r', '10', '105', '1050', '2026-01-10', 'SHORT']]);
    expect([found?.loss.toFixed(2), found?.shortTermLoss.toFixed(2), found?.longTermLoss.toFixed(2)]).toEqual(
      ['100.00', '100.00', '0.00'],
    );
    // minLoss percent against the adjusted basis: 100 ÷ 1050 = 9.52 % (against the raw 850 it would be 11.76 %).
    expect(found?.lossPercent.toDecimalPlaces(2).toFixed()).toBe('9.52');
    const offered = harvestCandidates(
      [replacement],
      new Map([['XYZ', price]]),
      DEFAULT_MIN_LOSS,
      '2026-03-20',
      partsOf(washed),
    );
    expect(offered.map((c) => [c.symbol, c.loss.toFixed(2)])).toEqual([['XYZ', '100.00']]);
    expect(found && qualifies(found, { amount: null, percent: dec('9.6') })).toBe(false);
  });

  it('the tacked holding period makes a replacement long term', () => {
    // Bought 10 @ $100 on 2025-01-02, sold 10 @ $80 on 2025-12-01 ($200 loss), 10 bought back @ $85 on 2025-12-20.
    // Held 2025-01-02 → 2025-12-01: 29 + 28 + 31 + 30 + 31 + 30 + 31 + 31 + 30 + 31 + 30 + 1 = 333 days; so the
    // holding start is 2025-12-20 − 333 days = 2025-01-21 (10 days of January after the 21st + 28 + 31 + 30 + 31 +
    // 30 + 31 + 31 + 30 + 31 + 30 + 20 = 333). On 2026-02-01, after its anniversary 2026-01-21: long term, though
    // bought 43 days earlier. At $95: 1,050 − 950 = $100, long term.
    const parts = partsOf(
      facts(
        buy('a', 'XYZ', '10', '100', '2025-01-02'),
        sell('s', 'XYZ', '80', '2025-12-01', [['a', '10']]),
        buy('r', 'XYZ', '10', '85', '2025-12-20'),
      ),
    );
    const held = [lot('r', '10', '85', '2025-12-20')];
    const found = lossLotsOf(held, 'XYZ', dec('95'), '2026-02-01', parts);
    expect(found?.lots.map((l) => [l.holdingStart, l.term])).toEqual([['2025-01-21', 'LONG']]);
    expect([found?.longTermLoss.toFixed(2), found?.shortTermLoss.toFixed(2)]).toEqual(['100.00', '0.00']);
    // On the anniversary itself still short term (held one year, not more).
    expect(lossLotsOf(held, 'XYZ', dec('95'), '2026-01-21', parts)?.lots[0]?.term).toBe('SHORT');
  });

  it('a lot split into parts is judged per part: only the leading loss parts are sold', () => {
    // As `washed` but 20 bought back @ $85: the first 10 absorb the $200 (basis 1,050, since 2026-01-10), the other
    // 10 keep basis 850 (since 2026-03-10). A sale takes the adjusted part first (ledger-parts closeOrder).
    const list = facts(
      buy('a', 'XYZ', '10', '100', '2026-01-02'),
      sell('s', 'XYZ', '80', '2026-03-02', [['a', '10']]),
      buy('r', 'XYZ', '20', '85', '2026-03-10'),
    );
    const held = [lot('r', '20', '85', '2026-03-10')];
    // At $95 the lot as a whole is even (1,900 − 1,900), but its adjusted part loses 1,050 − 950 = $100 and the
    // other part gains 950 − 850 = $100: the harvest sells only the 10 adjusted shares, no gain realised.
    const at95 = lossLotsOf(held, 'XYZ', dec('95'), '2026-03-20', partsOf(list));
    expect([at95?.shares.toFixed(), at95?.loss.toFixed(), at95?.sharesHeld.toFixed()]).toEqual([
      '10',
      '100',
      '20',
    ]);
    // The ledger, told to sell 10 shares of lot r at $95, realises exactly that part: basis 1,050, loss 100.
    const closes = lossLotCloses(at95?.lots ?? []);
    expect(closes.map((c) => [c.lotId, c.shares.toFixed()])).toEqual([['r', '10']]);
    const sold = buildLedger([...list, { ...sell('h', 'XYZ', '95', '2026-03-20', [['r', '10']]), seq: 9 }]);
    expect(rowText(sold.closedRows.find((row) => row.saleId === 'h'))).toMatchObject({
      shares: '10',
      basis: '1050',
      proceeds: '950',
      gain: '-100',
      acquiredOn: '2026-01-10',
    });
    // At $80 both parts lose: 1,050 − 800 = 250 and 850 − 800 = 50; one close of the 20 shares, loss 300.
    const at80 = lossLotsOf(held, 'XYZ', dec('80'), '2026-03-20', partsOf(list));
    expect(at80?.lots.map((l) => [l.shares.toFixed(), l.loss.toFixed(), l.holdingStart])).toEqual([
      ['10', '250', '2026-01-10'],
      ['10', '50', '2026-03-10'],
    ]);
    expect(lossLotCloses(at80?.lots ?? []).map((c) => [c.lotId, c.shares.toFixed()])).toEqual([['r', '20']]);
    // The preview of that sale agrees: 250 + 50 = 300, nothing disallowed (the only buy in the 30 days before is r,
    // which is sold).
    const preview = previewSale(buildLedger(list), list, {
      saleId: 'p',
      trackingId: 't1',
      symbol: 'XYZ',
      soldOn: '2026-03-20',
      pricePerShare: dec('80'),
      closes: lossLotCloses(at80?.lots ?? []),
      harvestId: null,
    });
    expect([preview.deductible.add(preview.disallowed).toFixed(), at80?.loss.toFixed()]).toEqual([
      '300',
      '300',
    ]);
  });

  it('never sells a lot of unknown cost, with or without the ledger', () => {
    // An imported row without basis: the fold values it at the snapshot price of its import ($100), which is no
    // basis. At $80 it looked like a $200 loss by that raw figure before this fix; a loss cannot be claimed on an
    // unknown basis, so it is no candidate.
    const imported = lot('i', '10', '100', '2026-01-05', false);
    expect(lossLotsOf([imported], 'XYZ', dec('80'), '2026-03-20')).toBeNull();
    const parts = partsOf(facts(buy('i', 'XYZ', '10', null, '2026-01-05')));
    expect(lossLotsOf([imported], 'XYZ', dec('80'), '2026-03-20', parts)).toBeNull();
    // Beside a known lot, only the known one is sold: 10 × (90 − 80) = 100.
    const both = [imported, lot('k', '10', '90', '2026-01-06')];
    const found = lossLotsOf(
      both,
      'XYZ',
      dec('80'),
      '2026-03-20',
      partsOf(facts(buy('i', 'XYZ', '10', null, '2026-01-05'), buy('k', 'XYZ', '10', '90', '2026-01-06'))),
    );
    expect([found?.lots.map((l) => l.lotId), found?.loss.toFixed(), found?.sharesHeld.toFixed()]).toEqual([
      ['k'],
      '100',
      '20',
    ]);
  });

  it('never sells a lot the ledger does not know, or whose parts do not add up to its shares', () => {
    expect(lossLotsOf([replacement], 'XYZ', dec('50'), '2026-03-20', new Map())).toBeNull();
    const short = partsOf(facts(buy('r', 'XYZ', '9', '85', '2026-03-10')));
    expect(lossLotsOf([replacement], 'XYZ', dec('50'), '2026-03-20', short)).toBeNull();
  });

  it('judges a backdated harvest by the ledger as of its trade date, without the loss sales after it', () => {
    // r: 10 @ $85 on 2026-03-01. a: 10 @ $100 on 2026-01-02, sold @ $80 on 2026-03-10: r, bought 9 days before,
    // replaces it and absorbs the $200: basis 1,050 from then on. A harvest of r dated 2026-03-05 comes before that
    // sale (the ledger folds by trade date, and that sale then finds no replacement): r's basis there is 850.
    const list = facts(
      buy('a', 'XYZ', '10', '100', '2026-01-02'),
      buy('r', 'XYZ', '10', '85', '2026-03-01'),
      sell('s', 'XYZ', '80', '2026-03-10', [['a', '10']]),
    );
    const ledger = buildLedger(list);
    const basisOfR = (on: string) =>
      openPartsOn(ledger, list, on, 't1')
        .filter((part) => part.lotId === 'r')
        .map((part) => part.basis?.toFixed());
    expect([basisOfR('2026-03-05'), basisOfR('2026-03-20')]).toEqual([['850'], ['1050']]);
    // On 2026-03-05 lot a was still open; another tracking's parts are never handed out.
    expect(openPartsOn(ledger, list, '2026-03-05', 't1').map((part) => part.lotId)).toEqual(['a', 'r']);
    expect(openPartsOn(ledger, list, '2026-03-20', 'other')).toEqual([]);
  });
});
