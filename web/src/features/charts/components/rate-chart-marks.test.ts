import { describe, expect, it } from 'vitest';
import { rateChartDomain, rateChartMarks } from './rate-chart-marks';
import { rateChartPoints } from './rate-chart-points';

const points = rateChartPoints(
  [
    { revision: 0, timestamp: '2026-07-14T10:00:00.000Z', eventType: 'TrackingCreated', rate: '0' },
    { revision: 1, timestamp: '2026-07-14T10:05:00.000Z', eventType: 'OrderExecuted', rate: '97.5' },
    { revision: 2, timestamp: '2026-07-15T22:31:00.000Z', eventType: 'DriftAlertRaised', rate: '94.1' },
  ],
  Date.parse('2026-07-15T22:31:00.000Z'),
);

describe('The rate chart marks', () => {
  it('puts each snapshot and alert at its own time on the date axis, the alert at the rate it measured', () => {
    expect(
      rateChartMarks(
        points,
        [
          { publishedAt: '2026-07-14T10:00:00.000Z', asOf: '2026-07-13', provider: 'bundled' },
          { publishedAt: '2026-07-15T22:30:00.000Z', asOf: null, provider: 'fmp' },
        ],
        [{ id: 'a1', raisedAt: '2026-07-15T22:31:00.000Z', referenceRate: '97.5', currentRate: '94.105' }],
      ),
    ).toEqual({
      snapshots: [
        {
          time: Date.parse('2026-07-14T10:00:00.000Z'),
          publishedAt: '2026-07-14T10:00:00.000Z',
          asOf: '2026-07-13',
          provider: 'bundled',
        },
        {
          time: Date.parse('2026-07-15T22:30:00.000Z'),
          publishedAt: '2026-07-15T22:30:00.000Z',
          asOf: null,
          provider: 'fmp',
        },
      ],
      alerts: [
        {
          time: Date.parse('2026-07-15T22:31:00.000Z'),
          raisedAt: '2026-07-15T22:31:00.000Z',
          rate: 94.11,
          currentRate: '94.105',
          referenceRate: '97.5',
        },
      ],
    });
  });

  it('puts a mark from before the first point at the start', () => {
    expect(
      rateChartMarks(points, [{ publishedAt: '2020-01-01T00:00:00.000Z', asOf: null, provider: 'fmp' }], [])
        .snapshots[0]?.time,
    ).toBe(Date.parse('2026-07-14T10:00:00.000Z'));
  });

  it('spans the axis over the points and marks, and widens a span under an hour around its middle', () => {
    const marks = { snapshots: [], alerts: [] };
    expect(rateChartDomain(points, marks)).toEqual([
      Date.parse('2026-07-14T10:00:00.000Z'),
      Date.parse('2026-07-15T22:31:00.000Z'),
    ]);
    const minutes = points.slice(0, 2);
    expect(rateChartDomain(minutes, marks)).toEqual([
      Date.parse('2026-07-14T09:32:30.000Z'),
      Date.parse('2026-07-14T10:32:30.000Z'),
    ]);
  });
});
