import { addDays, dec } from '@etf-replicator/core';
import { buildLedger } from '@etf-replicator/core/tax/ledger';
import type { TradeFact } from '@etf-replicator/core/tax/ledger-types';
import { securityKey } from '@etf-replicator/core/tax/security-keys';
import { describe, expect, it } from 'vitest';
import { InvestorFacts } from './investor-facts';
import type { InvestorLedger } from './investor-ledger';
import { holdBackBuys, washSaleOfLot, washSaleWarnings } from './wash-windows';

const today = '2026-11-20';
const investorOf = (facts: TradeFact[]): InvestorLedger => ({
  ledger: buildLedger(facts),
  facts,
  log: InvestorFacts.empty().with(0, facts),
  trackings: new Map(),
  securityKeyOf: (symbol) => securityKey(symbol),
  version: 'v',
  memo: (_key, compute) => compute(),
});
/** GOOGL: 10 bought 100 days ago at 150, sold today at 100 — a loss of 10 × 50 = 500 (another tracking). */
const googlLoss: TradeFact[] = [
  {
    kind: 'ACQUIRE',
    lotId: 'lot-1',
    trackingId: 't-2',
    symbol: 'GOOGL',
    shares: dec('10'),
    costPerShare: dec('150'),
    acquiredOn: addDays(today, -100),
    seq: 0,
  },
  {
    kind: 'SELL',
    saleId: 'sale-1',
    trackingId: 't-2',
    symbol: 'GOOGL',
    soldOn: today,
    pricePerShare: dec('100'),
    closes: [{ lotId: 'lot-1', shares: dec('10') }],
    harvestId: null,
    seq: 1,
  },
];
const orders = [
  { symbol: 'GOOG', orderType: 'BUY' as const, shares: '3' },
  { symbol: 'GOOGL', orderType: 'SELL' as const, shares: '1' },
  { symbol: 'MSFT', orderType: 'BUY' as const, shares: '2' },
];

describe('the one window rule on suggested orders', () => {
  it('holds back a BUY of a share class of a stock sold at a loss, until the window ends', () => {
    const { orders: kept, heldBack } = holdBackBuys(investorOf(googlLoss), orders, today);
    expect(kept.map((order) => order.symbol)).toEqual(['GOOGL', 'MSFT']);
    expect(heldBack).toEqual([
      {
        symbol: 'GOOG',
        shares: '3',
        until: addDays(today, 30),
        reason: `GOOGL (a share class of GOOG) was sold at a loss on ${today}: buying GOOG on or before ${addDays(today, 30)} would disallow that loss (wash sale).`,
      },
    ]);
  });

  it('holds back nothing once the window has ended, or without a loss sale', () => {
    expect(holdBackBuys(investorOf(googlLoss), orders, addDays(today, 31)).heldBack).toEqual([]);
    expect(holdBackBuys(investorOf(googlLoss.slice(0, 1)), orders, today).orders).toEqual(orders);
  });

  it('names the loss a recorded BUY absorbed (warning and history note)', () => {
    // 4 GOOG bought the day after: 500 × 4 / 10 = 200 disallowed.
    const buy: TradeFact = {
      kind: 'ACQUIRE',
      lotId: 'lot-2',
      trackingId: 't-1',
      symbol: 'GOOG',
      shares: dec('4'),
      costPerShare: dec('101'),
      acquiredOn: addDays(today, 1),
      seq: 2,
    };
    const investor = investorOf([...googlLoss, buy]);
    expect(washSaleWarnings(investor, ['lot-2'])).toEqual([
      { code: 'WASH_SALE', symbol: 'GOOGL', saleDate: today, disallowedLoss: '200' },
    ]);
    expect(washSaleWarnings(investor, ['lot-1', 'unknown'])).toEqual([]);
    expect(washSaleOfLot(investor, 'lot-2')).toEqual({
      saleDate: today,
      symbol: 'GOOGL',
      disallowedLoss: '200',
    });
    expect(washSaleOfLot(investor, 'lot-1')).toBeUndefined();
  });
});
