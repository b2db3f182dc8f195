import { describe, expect, it } from 'vitest';
import { latestRunAtOrBefore, nextRunAfter, parseDailySchedule } from './daily-schedule';

const ny = (expression: string) => parseDailySchedule(expression, 'America/New_York');

describe('MARKET_REFRESH_CRON (minute hour * * days-of-week in a time zone)', () => {
  it('runs at 17:30 New York time on weekdays, in summer (UTC-4) and winter (UTC-5)', () => {
    const schedule = ny('30 17 * * 1-5');
    // Tuesday 2026-07-14 10:00 UTC → the same day 21:30 UTC.
    expect(nextRunAfter(schedule, new Date('2026-07-14T10:00:00Z')).toISOString()).toBe(
      '2026-07-14T21:30:00.000Z',
    );
    // Tuesday 2026-11-24 23:00 UTC (18:00 in New York, after today's run) → Wednesday 22:30 UTC.
    expect(nextRunAfter(schedule, new Date('2026-11-24T23:00:00Z')).toISOString()).toBe(
      '2026-11-25T22:30:00.000Z',
    );
  });

  it('skips the weekend and is strictly after the given instant', () => {
    const schedule = ny('30 17 * * 1-5');
    // Friday 2026-11-27 22:30 UTC is Friday's run itself → Monday.
    expect(nextRunAfter(schedule, new Date('2026-11-27T22:30:00Z')).toISOString()).toBe(
      '2026-11-30T22:30:00.000Z',
    );
  });

  it('skips US market holidays by their New York date (Thanksgiving, Good Friday, an observed 4 July)', () => {
    const schedule = ny('30 17 * * 1-5');
    // Wednesday 2026-11-25's run → Thanksgiving (Thursday 26th) is skipped → Friday.
    expect(nextRunAfter(schedule, new Date('2026-11-25T22:30:00Z')).toISOString()).toBe(
      '2026-11-27T22:30:00.000Z',
    );
    // Thursday 2026-04-02's run → Good Friday and the weekend are skipped → Monday (EDT).
    expect(nextRunAfter(schedule, new Date('2026-04-02T21:30:00Z')).toISOString()).toBe(
      '2026-04-06T21:30:00.000Z',
    );
    // 4 July 2026 is a Saturday: the exchanges close on Friday the 3rd.
    expect(nextRunAfter(schedule, new Date('2026-07-02T21:30:00Z')).toISOString()).toBe(
      '2026-07-06T21:30:00.000Z',
    );
    // In another zone the market's date still decides: 23:00 UTC on Thanksgiving is 18:00 in New York.
    expect(
      nextRunAfter(parseDailySchedule('0 23 * * 1-5', 'UTC'), new Date('2026-11-25T23:30:00Z')).toISOString(),
    ).toBe('2026-11-27T23:00:00.000Z');
  });

  it('crosses a DST change at the right offset', () => {
    // Friday 2026-10-30 (EDT), next weekday run is Monday 2026-11-02 (EST, after the 1 Nov change).
    const schedule = ny('0 18 * * 1-5');
    expect(nextRunAfter(schedule, new Date('2026-10-30T23:00:00Z')).toISOString()).toBe(
      '2026-11-02T23:00:00.000Z',
    );
  });

  it('takes lists, Sunday as 0 or 7, and several times a day', () => {
    const schedule = parseDailySchedule('0,30 9 * * 0,7', 'UTC');
    expect([...schedule.weekdays]).toEqual([0]);
    expect(nextRunAfter(schedule, new Date('2026-11-29T09:00:00Z')).toISOString()).toBe(
      '2026-11-29T09:30:00.000Z',
    );
  });

  it.each([
    ['30 17 * *', /5 fields/],
    ['30 17 1 * 1-5', /day of month and month/],
    ['60 17 * * 1-5', /minute must be 0–59/],
    ['30 24 * * *', /hour must be 0–23/],
    ['30 17 * * 5-1', /days of week/],
    ['30 17 * * mon', /days of week/],
  ])('refuses "%s" with a message', (expression, message) => {
    expect(() => ny(expression)).toThrow(message);
  });

  it('refuses an unknown time zone', () => {
    expect(() => parseDailySchedule('30 17 * * 1-5', 'Mars/Olympus')).toThrow(/unknown time zone/);
  });

  it('finds the latest run before a moment, skipping market holidays (the catch-up after downtime)', () => {
    const schedule = parseDailySchedule('30 17 * * 1-5', 'America/New_York');
    // Friday 27 Nov 2026, 04:00 UTC: Thursday 26 is Thanksgiving (no run), so the latest is Wednesday 17:30 EST.
    expect(latestRunAtOrBefore(schedule, new Date('2026-11-27T04:00:00Z'), 4)?.toISOString()).toBe(
      '2026-11-25T22:30:00.000Z',
    );
    // The run's own instant counts as due.
    expect(latestRunAtOrBefore(schedule, new Date('2026-11-25T22:30:00Z'), 4)?.toISOString()).toBe(
      '2026-11-25T22:30:00.000Z',
    );
    // Nothing within the window: Monday 02:00 UTC looking back 1 day finds no weekday run.
    expect(latestRunAtOrBefore(schedule, new Date('2026-11-30T02:00:00Z'), 1)).toBeUndefined();
  });
});
