import { describe, expect, it } from 'vitest';
import { rateChartPoints } from './rate-chart-points';

describe('The replication rate chart points', () => {
  it('start at the creation and number each action after it, rates rounded to the hundredth', () => {
    expect(
      rateChartPoints([
        { revision: 0, timestamp: '2026-07-14T10:00:00.000Z', eventType: 'TrackingCreated', rate: '0' },
        { revision: 1, timestamp: '2026-07-14T10:00:01.000Z', eventType: 'OrderExecuted', rate: '41.235' },
        { revision: 2, timestamp: '2026-07-14T10:00:02.000Z', eventType: 'ActionReverted', rate: '12.5' },
      ]),
    ).toEqual([
      { step: 0, label: 'Start', timestamp: '2026-07-14T10:00:00.000Z', rate: 0 },
      { step: 1, label: '1', timestamp: '2026-07-14T10:00:01.000Z', rate: 41.24 },
      { step: 2, label: '2', timestamp: '2026-07-14T10:00:02.000Z', rate: 12.5 },
    ]);
  });
});
