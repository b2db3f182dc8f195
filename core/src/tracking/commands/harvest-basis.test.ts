import { describe, expect, it } from 'vitest';
import { taxPartsData } from '../../tax/harvest-tax-parts';
import { buildLedger } from '../../tax/ledger';
import { buy, facts, sell } from '../../testing/ledger-fixtures';
import { command, created, event } from '../../testing/tracking-fixtures';
import type { HarvestLosses } from '../commands';
import { trackingDecider } from '../decider';
import type { OrderExecuted, TrackingEvent } from '../events';
import { initialState } from '../state';

/**
 * The tracking holds one lot: 10 XYZ bought @ $85 on 2025-09-20 (evt-1). In the investor's ledger it replaces 10 XYZ
 * bought @ $100 on 2024-10-01 and sold @ $80 on 2025-09-02 (in another tracking): the $200 loss is disallowed and
 * carried into it, basis 850 + 200 = $1,050. The sold shares were held 2024-10-01 → 2025-09-02 = 30 + 30 + 31 + 31 +
 * 28 + 31 + 30 + 31 + 30 + 31 + 31 + 2 = 336 days, so its holding period starts 336 days before 2025-09-20:
 * 2024-10-19 (12 days to 31 October + 30 + 31 + 31 + 28 + 31 + 30 + 31 + 30 + 31 + 31 + 20 = 336).
 */
const history: TrackingEvent[] = [
  created({ fractionalShares: true, occurredAt: '2024-09-01T00:00:00.000Z' }),
  event<OrderExecuted>(1, 'OrderExecuted', {
    symbol: 'XYZ',
    orderType: 'BUY',
    shares: '10',
    price: '85',
    amount: '850',
    fillPrice: '85',
    executedAt: '2025-09-20',
  }),
];
const state = history.reduce(trackingDecider.evolve, initialState());
const ledger = buildLedger(
  facts(
    buy('a', 'XYZ', '10', '100', '2024-10-01', 'other'),
    sell('s', 'XYZ', '80', '2025-09-02', [['a', '10']], 'other'),
    buy('evt-1', 'XYZ', '10', '85', '2025-09-20'),
  ),
);
const taxParts = taxPartsData(ledger.openLots.filter((part) => part.trackingId === 't1'));

/** Harvest XYZ into MSFT, sold @ $95 on 2025-12-30 (fixtures' clock: 2026-01-01). */
const harvest = (extra: Partial<HarvestLosses['data']>) =>
  trackingDecider.decide(
    command<HarvestLosses>(
      'HarvestLosses',
      {
        symbol: 'XYZ',
        replacement: 'MSFT',
        price: '96',
        replacementPrice: '50',
        allowedReplacements: ['MSFT'],
        washSale: { status: 'clear' },
        sellEventId: 'sell-1',
        buyEventId: 'buy-1',
        sellFill: { price: '95', executedAt: '2025-12-30' },
        ...extra,
      },
      9,
    ),
    state,
  );

describe('A harvest judged by the ledger basis (issue 26)', () => {
  it('passes the ledger figures as data: adjusted basis 1,050 and holding start 2024-10-19', () => {
    expect(taxParts).toEqual([
      { lotId: 'evt-1', shares: '10', basis: '1050', holdingStart: '2024-10-19', adjusted: true },
    ]);
  });

  it('without them the lot is no loss ($85 paid, $95 now): nothing to harvest', () => {
    expect(() => harvest({})).toThrow(expect.objectContaining({ code: 'NO_LOSS_LOTS' }));
  });

  it('with them sells the lot and records the adjusted loss, long term by the tacked holding period', () => {
    const [sold, , recorded] = harvest({ taxParts });
    if (sold?.type !== 'OrderExecuted' || recorded?.type !== 'HarvestRecorded') throw new Error('no harvest');
    expect(sold.data.lots?.map((close) => [close.lotId, close.shares])).toEqual([['evt-1', '10']]);
    // 1,050 − 10 × 95 = 100; 2025-12-30 is after the anniversary 2025-10-19 of the holding start: long term (by
    // the purchase date 2025-09-20 it would be short).
    expect(recorded.data).toMatchObject({
      realisedLoss: '100.00',
      shortTermLoss: '0.00',
      longTermLoss: '100.00',
      harvestedAt: '2025-12-30',
    });
  });

  it('refuses malformed ledger figures instead of judging by them', () => {
    expect(() =>
      harvest({ taxParts: [{ ...(taxParts[0] as (typeof taxParts)[0]), basis: 'lots' }] }),
    ).toThrow(/decimal/);
  });
});
