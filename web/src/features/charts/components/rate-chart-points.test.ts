import { describe, expect, it } from 'vitest';
import { eventName, rateChartPoints } from './rate-chart-points';

describe('The replication rate chart points', () => {
  it('sit at the time of each event, name it, and round both rates to the hundredth', () => {
    const now = Date.parse('2026-07-20T00:00:00.000Z');
    expect(
      rateChartPoints(
        [
          { revision: 0, timestamp: '2026-07-14T10:00:00.000Z', eventType: 'TrackingCreated', rate: '0' },
          {
            revision: 1,
            timestamp: '2026-07-14T10:00:01.000Z',
            eventType: 'OrderExecuted',
            rate: '41.235',
            etfRate: '17.004',
          },
          { revision: 2, timestamp: '2026-07-16T08:00:00.000Z', eventType: 'ActionReverted', rate: '12.5' },
        ],
        now,
      ),
    ).toEqual([
      {
        time: Date.parse('2026-07-14T10:00:00.000Z'),
        timestamp: '2026-07-14T10:00:00.000Z',
        event: 'Tracking created',
        rate: 0,
        etfRate: null,
      },
      {
        time: Date.parse('2026-07-14T10:00:01.000Z'),
        timestamp: '2026-07-14T10:00:01.000Z',
        event: 'Order recorded',
        rate: 41.24,
        etfRate: 17,
      },
      {
        time: Date.parse('2026-07-16T08:00:00.000Z'),
        timestamp: '2026-07-16T08:00:00.000Z',
        event: 'Action reverted',
        rate: 12.5,
        etfRate: null,
      },
      // The last state holds until today: the line reaches the right edge.
      { time: now, timestamp: '2026-07-20T00:00:00.000Z', event: 'Today', rate: 12.5, etfRate: null },
    ]);
  });

  it('names event types it does not know in words', () => {
    expect(eventName('LotMethodChanged')).toBe('Lot method changed');
    expect(eventName('CashAdded')).toBe('Cash added');
  });
});
