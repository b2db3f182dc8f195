import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error';
import { command, created, event } from '../../testing/tracking-fixtures';
import type { ExecuteOrder } from '../commands';
import { trackingDecider } from '../decider';
import type { OrderExecuted, TrackingEvent } from '../events';
import { initialState } from '../state';

/** A tracking created in 2025 (the fixtures' clock is 2026-01-01 12:00Z), with three AAPL lots of 2 shares. */
const history: TrackingEvent[] = [
  created({ fractionalShares: true, occurredAt: '2025-01-01T00:00:00.000Z' }),
  ...(
    [
      [1, '100', '2025-03-02'],
      // 22:00 on 4 March in New York (EST, UTC−5): its trade date is 2025-03-04, not the UTC 5th.
      [2, '300', '2025-03-05T03:00:00Z'],
      [3, '200', '2025-03-10'],
    ] as const
  ).map(([n, fillPrice, executedAt]) =>
    event<OrderExecuted>(n, 'OrderExecuted', {
      symbol: 'AAPL',
      orderType: 'BUY',
      shares: '2',
      price: fillPrice,
      amount: String(Number(fillPrice) * 2),
      fillPrice,
      executedAt,
    }),
  ),
];
const state = history.reduce(trackingDecider.evolve, initialState());

const sell = (shares: string, extra: Partial<ExecuteOrder['data']>) =>
  trackingDecider.decide(
    command<ExecuteOrder>(
      'ExecuteOrder',
      { symbol: 'AAPL', orderType: 'SELL', shares, price: '250', ...extra },
      5,
    ),
    state,
  );
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return [error.code, error.kind, error.message, error.field];
    throw error;
  }
  throw new Error('expected a refusal');
};
const closed = (events: readonly TrackingEvent[]) =>
  events
    .flatMap((e) => (e.type === 'OrderExecuted' ? (e.data.lots ?? []) : []))
    .map((c) => [c.lotId, c.shares]);

describe('A SELL closes only lots held on its trade date', () => {
  it('refuses a named lot acquired after the trade date, naming the lot and both dates (400)', () => {
    expect(
      refusal(() => sell('1', { executedAt: '2025-03-05', lots: [{ lotId: 'evt-3', shares: '1' }] })),
    ).toEqual([
      'LOT_ACQUIRED_AFTER_SALE',
      'validation',
      "Lot evt-3 of AAPL was acquired on 2025-03-10, after this sale's trade date 2025-03-05.",
      'lots',
    ]);
  });

  it('judges both dates in New York: a lot bought at 22:00 New York can be sold that same day', () => {
    // evt-2 was bought 2025-03-05T03:00Z = 2025-03-04 22:00 New York; a sale dated the 4th may close it.
    expect(closed(sell('2', { executedAt: '2025-03-04', lots: [{ lotId: 'evt-2', shares: '2' }] }))).toEqual([
      ['evt-2', '2'],
    ]);
    // A sale at 2025-03-04T20:00Z (15:00 New York, the same trade date) may too.
    expect(
      closed(sell('1', { executedAt: '2025-03-04T20:00:00Z', lots: [{ lotId: 'evt-2', shares: '1' }] })),
    ).toEqual([['evt-2', '1']]);
  });

  it('picks by the lot method only among the lots held on the trade date', () => {
    // HIFO on 2025-03-05: evt-2 (300, bought the 4th) then evt-1 (100); evt-3 (200, the 10th) is not held yet.
    expect(closed(sell('3', { executedAt: '2025-03-05' }))).toEqual([
      ['evt-2', '2'],
      ['evt-1', '1'],
    ]);
    // Today every lot is held: HIFO takes evt-2 (300), then evt-3 (200).
    expect(closed(sell('3', {}))).toEqual([
      ['evt-2', '2'],
      ['evt-3', '1'],
    ]);
  });

  it('refuses a sale of more shares than were held on its trade date (400)', () => {
    // On 2025-03-03 only evt-1's 2 shares were held (6 are held today).
    expect(refusal(() => sell('3', { executedAt: '2025-03-03' }))).toEqual([
      'TOO_FEW_SHARES_ON_TRADE_DATE',
      'validation',
      'Only 2 AAPL shares were held on 2025-03-03.',
      'shares',
    ]);
    expect(refusal(() => sell('1', { executedAt: '2025-03-01' }))?.[2]).toBe(
      'Only 0 AAPL shares were held on 2025-03-01.',
    );
  });
});
