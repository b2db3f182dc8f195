import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, sumDecimals } from '../shared/decimal';
import type { Lot } from '../tracking/lots';
import { addDays } from './dates';
import { DEFAULT_MIN_LOSS, harvestCandidates, lossLotsOf, minLossOf, qualifies } from './harvesting';
import { replacementsFor } from './replacements';
import { issuerKey, sameIssuer } from './share-classes';
import { taxReportCsv } from './tax-report';
import { washSaleStatus } from './wash-sale';

const lot = (lotId: string, symbol: string, shares: string, cost: string, acquiredAt: string): Lot => ({
  lotId,
  symbol,
  shares: dec(shares),
  costPerShare: dec(cost),
  acquiredAt,
  costKnown: true,
  dateKnown: true,
});

describe('harvesting candidates', () => {
  const lots = [
    lot('a1', 'AAPL', '10', '250', '2025-01-02'),
    lot('a2', 'AAPL', '5', '150', '2025-06-02'), // at a gain at 200: never sold by a harvest
    lot('m1', 'MSFT', '1', '520', '2026-01-02'),
    lot('n1', 'NVDA', '100', '10.20', '2026-01-02'),
  ];
  const prices = new Map([
    ['AAPL', dec('200')],
    ['MSFT', dec('500')],
    ['NVDA', dec('10')],
  ]);

  it('sells only the loss lots and splits the loss by term (one year and a day is long term)', () => {
    const aapl = lossLotsOf(lots, 'AAPL', dec('200'), '2026-01-03');
    expect(aapl?.lots.map((l) => l.lotId)).toEqual(['a1']);
    expect(aapl?.shares.toFixed()).toBe('10');
    expect(aapl?.sharesHeld.toFixed()).toBe('15');
    expect(aapl?.loss.toFixed()).toBe('500');
    expect(aapl?.longTermLoss.toFixed()).toBe('500');
    expect(aapl?.lossPercent.toFixed()).toBe('20');
    expect(lossLotsOf(lots, 'AAPL', dec('200'), '2026-01-02')?.shortTermLoss.toFixed()).toBe('500');
    expect(lossLotsOf(lots, 'AAPL', dec('300'), '2026-01-02')).toBeNull();
  });

  it('qualifies by $100 OR 5 % by default; by the one bound given otherwise', () => {
    // AAPL: $500 and 20 %; MSFT: $20 but 3.8 %; NVDA: $20 but 1.96 %.
    expect(harvestCandidates(lots, prices, DEFAULT_MIN_LOSS, '2026-01-10').map((c) => c.symbol)).toEqual([
      'AAPL',
    ]);
    const percent = minLossOf({ percent: '3' });
    expect(harvestCandidates(lots, prices, percent, '2026-01-10').map((c) => c.symbol)).toEqual([
      'AAPL',
      'MSFT',
    ]);
    const amount = minLossOf({ amount: '20' });
    expect(harvestCandidates(lots, prices, amount, '2026-01-10').map((c) => c.symbol)).toEqual([
      'AAPL',
      'MSFT',
      'NVDA',
    ]);
    const small = lossLotsOf([lot('x', 'X', '1', '100', '2026-01-01')], 'X', dec('94'), '2026-01-02');
    expect(small && qualifies(small, DEFAULT_MIN_LOSS)).toBe(true); // $6 but 6 %
  });

  it('property: a candidate loss is the exact sum of its lots, each at a loss, and never exceeds the cost', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ shares: fc.integer({ min: 1, max: 500 }), cost: fc.integer({ min: 1, max: 100_000 }) }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 100_000 }),
        (raw, price) => {
          const all = raw.map((r, i) =>
            lot(`l${i}`, 'S', String(r.shares), dec(String(r.cost)).div(100).toFixed(), '2026-01-01'),
          );
          const p = dec(String(price)).div(100);
          const found = lossLotsOf(all, 'S', p, '2026-02-01');
          const losing = all.filter((l) => l.costPerShare.gt(p));
          if (losing.length === 0) {
            expect(found).toBeNull();
            return;
          }
          expect(found?.lots.map((l) => l.lotId)).toEqual(losing.map((l) => l.lotId));
          expect(found?.loss.eq(sumDecimals(losing.map((l) => l.costPerShare.sub(p).mul(l.shares))))).toBe(
            true,
          );
          expect(found?.loss.gt(0) && found.loss.lte(found.costBasis)).toBe(true);
        },
      ),
    );
  });
});

describe('share classes and replacements', () => {
  it('knows one company by its name or the list: GOOG/GOOGL, BRK.A/BRK.B, FOX/FOXA', () => {
    expect(issuerKey('ALPHABET INC CLASS A')).toBe(issuerKey('ALPHABET INC CLASS C'));
    expect(
      sameIssuer({ symbol: 'GOOG', name: 'Alphabet Inc' }, { symbol: 'GOOGL', name: 'Alphabet Inc' }),
    ).toBe(true);
    expect(
      sameIssuer({ symbol: 'FOX', name: 'FOX CORP CLASS B' }, { symbol: 'FOXA', name: 'FOX CORP CLASS A' }),
    ).toBe(true);
    expect(sameIssuer({ symbol: 'BRK.A' }, { symbol: 'BRK.B' })).toBe(true);
    expect(sameIssuer({ symbol: 'NWS', name: null }, { symbol: 'NWSA', name: null })).toBe(true);
    expect(
      sameIssuer({ symbol: 'AAPL', name: 'Apple Inc' }, { symbol: 'MSFT', name: 'Microsoft Corp' }),
    ).toBe(false);
  });

  const stock = (symbol: string, name: string, sector: string | null, weight: string, price = '100') => ({
    symbol,
    name,
    sector,
    weight: dec(weight),
    price: dec(price),
  });
  const etf = [
    stock('GOOGL', 'ALPHABET INC CLASS A', 'Communication', '2.92'),
    stock('GOOG', 'ALPHABET INC CLASS C', 'Communication', '2.35'),
    stock('META', 'META PLATFORMS INC CLASS A', 'Communication', '2.5'),
    stock('NFLX', 'NETFLIX INC', 'Communication', '0.8'),
    stock('DIS', 'WALT DISNEY', 'Communication', '0.4'),
    stock('TMUS', 'T-MOBILE US INC', 'Communication', '0.6'),
    stock('AAPL', 'APPLE INC', 'Information Technology', '6.5'),
  ];

  it('same ETF and sector, not held, closest weight, never the other share class', () => {
    expect(replacementsFor('GOOGL', etf, new Set(['GOOGL'])).map((s) => s.symbol)).toEqual([
      'META',
      'NFLX',
      'TMUS',
    ]);
    expect(replacementsFor('GOOGL', etf, new Set(['GOOGL', 'META'])).map((s) => s.symbol)).toEqual([
      'NFLX',
      'TMUS',
      'DIS',
    ]);
    expect(replacementsFor('AAPL', etf, new Set())).toEqual([]);
    expect(replacementsFor('XYZ', etf, new Set())).toEqual([]);
  });
});

describe('wash-sale status', () => {
  const base = { symbol: 'AAPL', today: '2026-03-01', pendingBuys: [] };
  const buy = (lotId: string, symbol: string, acquiredAt: string) => ({
    lotId,
    symbol,
    acquiredAt,
    trackingLabel: 'IVV',
  });

  it('lots bought today and sold today at a loss are clear', () => {
    expect(
      washSaleStatus({
        ...base,
        sellingLotIds: new Set(['t']),
        purchases: [buy('t', 'AAPL', '2026-03-01T10:00:00Z')],
      }),
    ).toEqual({ status: 'clear' });
  });

  it('a buy of other shares within 30 days before blocks until 31 days after that buy', () => {
    const status = washSaleStatus({
      ...base,
      sellingLotIds: new Set(['old']),
      purchases: [buy('old', 'AAPL', '2025-01-01'), buy('recent', 'AAPL', '2026-02-10')],
    });
    expect(status).toMatchObject({ status: 'blocked', until: '2026-03-13' });
    expect(status.status === 'blocked' && status.reason).toContain('2026-02-10');
    // 31 days before is outside the window.
    expect(
      washSaleStatus({ ...base, sellingLotIds: new Set(), purchases: [buy('x', 'AAPL', '2026-01-29')] }),
    ).toEqual({ status: 'clear' });
    expect(
      washSaleStatus({ ...base, sellingLotIds: new Set(), purchases: [buy('x', 'AAPL', '2026-01-30')] }),
    ).toMatchObject({ status: 'blocked', until: '2026-03-02' });
  });

  it('a BUY another tracking suggests blocks; other stocks do not; share classes do when told', () => {
    const pending = [{ symbol: 'AAPL', shares: '3', trackingLabel: 'QQQ' }];
    const blocked = washSaleStatus({
      ...base,
      sellingLotIds: new Set(),
      purchases: [],
      pendingBuys: pending,
    });
    expect(blocked).toMatchObject({ status: 'blocked', until: '2026-04-01' });
    expect(blocked.status === 'blocked' && blocked.reason).toContain('QQQ');
    expect(
      washSaleStatus({ ...base, sellingLotIds: new Set(), purchases: [buy('m', 'MSFT', '2026-02-27')] }),
    ).toEqual({ status: 'clear' });
    const classes = washSaleStatus({
      ...base,
      symbol: 'GOOGL',
      sellingLotIds: new Set(),
      purchases: [buy('g', 'GOOG', '2026-02-27')],
      isSameSecurity: (other) => other === 'GOOG' || other === 'GOOGL',
    });
    expect(classes).toMatchObject({ status: 'blocked', until: '2026-03-30' });
  });
});

describe('wash-sale status (property)', () => {
  it('blocked exactly when another buy of the stock falls in the 30 days before or a buy is pending', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            daysAgo: fc.integer({ min: -3, max: 60 }),
            symbol: fc.constantFrom('AAPL', 'MSFT'),
            selling: fc.boolean(),
          }),
          { maxLength: 6 },
        ),
        fc.option(fc.constantFrom('AAPL', 'MSFT'), { nil: undefined }),
        (buys, pendingSymbol) => {
          const today = '2026-03-01';
          const purchases = buys.map((b, i) => ({
            lotId: `l${i}`,
            symbol: b.symbol,
            acquiredAt: addDays(today, -b.daysAgo),
            trackingLabel: 'X',
          }));
          const selling = new Set(
            buys.flatMap((b, i) => (b.selling && b.symbol === 'AAPL' ? [`l${i}`] : [])),
          );
          const status = washSaleStatus({
            symbol: 'AAPL',
            sellingLotIds: selling,
            today,
            purchases,
            pendingBuys: pendingSymbol ? [{ symbol: pendingSymbol, shares: '1', trackingLabel: 'Y' }] : [],
          });
          const blockingBuys = buys.filter(
            (b, i) => b.symbol === 'AAPL' && !selling.has(`l${i}`) && b.daysAgo >= 0 && b.daysAgo <= 30,
          );
          const blocked = blockingBuys.length > 0 || pendingSymbol === 'AAPL';
          expect(status.status).toBe(blocked ? 'blocked' : 'clear');
          if (status.status === 'blocked') {
            const untils = [
              ...blockingBuys.map((b) => addDays(today, 31 - b.daysAgo)),
              ...(pendingSymbol === 'AAPL' ? [addDays(today, 31)] : []),
            ].sort();
            expect(status.until).toBe(untils.at(-1));
          }
        },
      ),
    );
  });
});

describe('tax report CSV', () => {
  it('Form 8949 columns, MM/DD/YYYY, cents, short-term rows first', () => {
    const row = (term: 'SHORT' | 'LONG', soldAt: string, gain: string) => ({
      saleId: 's',
      lotId: 'l',
      symbol: 'AAPL',
      shares: dec('10'),
      acquiredAt: '2024-01-02T15:00:00Z',
      soldAt,
      proceeds: dec('2000'),
      costBasis: dec('2000').sub(dec(gain)),
      gain: dec(gain),
      holdingDays: 1,
      term,
      harvestId: null,
    });
    expect(taxReportCsv([row('LONG', '2025-03-04', '-500.005'), row('SHORT', '2025-05-06', '12.3')])).toBe(
      'Description of property,Date acquired,Date sold,Proceeds,Cost basis,Gain or (loss),Term\r\n' +
        '10 sh AAPL,01/02/2024,05/06/2025,2000.00,1987.70,12.30,Short-term\r\n' +
        '10 sh AAPL,01/02/2024,03/04/2025,2000.00,2500.01,-500.01,Long-term\r\n',
    );
  });
});
