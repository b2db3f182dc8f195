import { describe, expect, it } from 'vitest';
import { command, created, event } from '../../testing/tracking-fixtures';
import type { HarvestLosses } from '../commands';
import { trackingDecider } from '../decider';
import type { OrderExecuted, TrackingEvent } from '../events';
import { initialState } from '../state';

/** Created 2025-01-01 (the fixtures' clock is 2026-01-01 12:00Z): AAPL lots at 150 (Nov.) and 140 (20 Dec.). */
const history: TrackingEvent[] = [
  created({ fractionalShares: true, occurredAt: '2025-01-01T00:00:00.000Z' }),
  ...(
    [
      [1, '150', '2025-11-03'],
      [2, '140', '2025-12-20'],
    ] as const
  ).map(([n, fillPrice, executedAt]) =>
    event<OrderExecuted>(n, 'OrderExecuted', {
      symbol: 'AAPL',
      orderType: 'BUY',
      shares: '10',
      price: fillPrice,
      amount: String(Number(fillPrice) * 10),
      fillPrice,
      executedAt,
    }),
  ),
];
const state = history.reduce(trackingDecider.evolve, initialState());

const harvest = (fills: Pick<HarvestLosses['data'], 'sellFill' | 'buyFill'>) =>
  trackingDecider.decide(
    command<HarvestLosses>(
      'HarvestLosses',
      {
        symbol: 'AAPL',
        replacement: 'MSFT',
        price: '120',
        replacementPrice: '50',
        allowedReplacements: ['MSFT'],
        washSale: { status: 'clear' },
        sellEventId: 'sell-1',
        buyEventId: 'buy-1',
        ...fills,
      },
      9,
    ),
    state,
  );

describe('A harvest with the broker fills', () => {
  it('records both orders at their fill price and time, and the loss at the sale fill', () => {
    const [sell, buy, recorded] = harvest({
      sellFill: { price: '125.5', executedAt: '2025-12-30T15:00:00-05:00' },
      buyFill: { price: '49', executedAt: '2025-12-30' },
    });
    if (
      sell?.type !== 'OrderExecuted' ||
      buy?.type !== 'OrderExecuted' ||
      recorded?.type !== 'HarvestRecorded'
    )
      throw new Error('expected SELL, BUY, HarvestRecorded');
    // Both lots are at a loss at 125.5: 20 shares sold, proceeds 20 × 125.5 = 2510.
    expect([sell.data.fillPrice, sell.data.executedAt, sell.data.amount]).toEqual([
      '125.5',
      '2025-12-30T15:00:00-05:00',
      '2510.00',
    ]);
    // 2510 ÷ 49 = 51.22… → 51.22 shares (0.01 steps) for 51.22 × 49 = 2509.78.
    expect([buy.data.shares, buy.data.fillPrice, buy.data.executedAt, buy.data.amount]).toEqual([
      '51.22',
      '49',
      '2025-12-30',
      '2509.78',
    ]);
    // Loss: 10 × (150 − 125.5) + 10 × (140 − 125.5) = 245 + 145 = 390, all short term; dated the sale's trade date.
    expect(recorded.data).toMatchObject({
      realisedLoss: '390.00',
      shortTermLoss: '390.00',
      longTermLoss: '0.00',
      harvestedAt: '2025-12-30',
      windowEndsAt: '2026-01-29',
    });
  });

  it('sells only the loss lots held on the sale trade date', () => {
    // On 2025-12-10 only the November lot (150) was held: 10 shares at 120, a loss of 300.
    const [sell, , recorded] = harvest({ sellFill: { executedAt: '2025-12-10' } });
    if (sell?.type !== 'OrderExecuted' || recorded?.type !== 'HarvestRecorded') throw new Error('no harvest');
    expect(sell.data.lots?.map((close) => [close.lotId, close.shares])).toEqual([['evt-1', '10']]);
    expect([recorded.data.realisedLoss, recorded.data.harvestedAt]).toEqual(['300.00', '2025-12-10']);
  });

  it('refuses a bad fill as an executed order does (400)', () => {
    expect(() => harvest({ sellFill: { price: '0' } })).toThrow(
      expect.objectContaining({ code: 'INVALID_PRICE' }),
    );
    expect(() => harvest({ buyFill: { executedAt: '2099-01-01' } })).toThrow(
      expect.objectContaining({ code: 'EXECUTED_IN_FUTURE', kind: 'validation' }),
    );
    // Nothing was held before 2025-11-03: nothing to harvest on 2025-10-01.
    expect(() => harvest({ sellFill: { executedAt: '2025-10-01' } })).toThrow(
      expect.objectContaining({ code: 'NO_LOSS_LOTS' }),
    );
  });
});
