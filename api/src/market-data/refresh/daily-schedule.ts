import { isoDate, usMarketHoliday } from '@etf-replicator/core/market-data/us-market-holidays';

/**
 * The subset of cron that MARKET_REFRESH_CRON accepts: `minute hour * * days-of-week`, read in a time zone
 * (MARKET_REFRESH_TIME_ZONE, default America/New_York). Minute and hour are numbers or comma lists; days of week are
 * `*` or comma lists of numbers and ranges (0 or 7 = Sunday, so `1-5` is Monday to Friday). Day of month and month
 * must be `*`: a daily market refresh needs nothing more, and a parser this small can be tested completely.
 * Runs on a full-day US market holiday are skipped (`skipMarketHolidays`): no new close is published that day.
 */
export type DailySchedule = {
  readonly minutes: readonly number[];
  readonly hours: readonly number[];
  readonly weekdays: ReadonlySet<number>;
  readonly timeZone: string;
  /** Skip runs that fall on a US market holiday, judged by the New York date of the run. */
  readonly skipMarketHolidays: boolean;
};

const numberList = (field: string, name: string, max: number): number[] => {
  const values = field.split(',').map((part) => {
    if (!/^\d{1,2}$/.test(part) || Number(part) > max)
      throw new Error(`${name} must be 0–${max}, got "${part}"`);
    return Number(part);
  });
  return [...new Set(values)].sort((a, b) => a - b);
};

const weekdayList = (field: string): Set<number> => {
  if (field === '*') return new Set([0, 1, 2, 3, 4, 5, 6]);
  const days = new Set<number>();
  for (const part of field.split(',')) {
    const range = /^(\d)(?:-(\d))?$/.exec(part);
    const from = Number(range?.[1]);
    const to = Number(range?.[2] ?? range?.[1]);
    if (!range || from > 7 || to > 7 || from > to) {
      throw new Error(`days of week must be *, 0–7 or ranges like 1-5, got "${part}"`);
    }
    for (let day = from; day <= to; day += 1) days.add(day % 7);
  }
  return days;
};

export const isTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
};

/** Parses the expression; throws an Error whose message says what is wrong (the config shows it). */
export const parseDailySchedule = (expression: string, timeZone: string): DailySchedule => {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error('must have 5 fields: minute hour * * days-of-week');
  const [minute = '', hour = '', dayOfMonth, month, weekdays = ''] = fields;
  if (dayOfMonth !== '*' || month !== '*')
    throw new Error('day of month and month must be * (daily runs only)');
  if (!isTimeZone(timeZone)) throw new Error(`unknown time zone "${timeZone}"`);
  return {
    minutes: numberList(minute, 'minute', 59),
    hours: numberList(hour, 'hour', 23),
    weekdays: weekdayList(weekdays),
    timeZone,
    skipMarketHolidays: true,
  };
};

type Wall = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const wallClock = (instant: Date, timeZone: string): Wall => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
};

/** The instant at which the zone's clock shows this date and time (the later one when DST repeats it). */
const zonedInstant = (
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  zone: string,
) => {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  let guess = asUtc;
  for (let i = 0; i < 3; i += 1) {
    const shown = wallClock(new Date(guess), zone);
    const shownUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    guess += asUtc - shownUtc;
  }
  return new Date(guess);
};

const MARKET_TIME_ZONE = 'America/New_York';

const isMarketHoliday = (at: Date) => usMarketHoliday(isoDate(wallClock(at, MARKET_TIME_ZONE))) !== null;

/**
 * The first run strictly after `after`. Always within 15 days: every schedule has a weekday, hour and minute, and
 * holidays never close the market for more than a few days in a row.
 */
export const nextRunAfter = (schedule: DailySchedule, after: Date): Date => {
  const today = wallClock(after, schedule.timeZone);
  for (let offset = 0; offset <= 15; offset += 1) {
    const noon = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const date = { year: noon.getUTCFullYear(), month: noon.getUTCMonth() + 1, day: noon.getUTCDate() };
    if (!schedule.weekdays.has(noon.getUTCDay())) continue;
    for (const hour of schedule.hours) {
      for (const minute of schedule.minutes) {
        const at = zonedInstant(date.year, date.month, date.day, hour, minute, schedule.timeZone);
        if (at.getTime() <= after.getTime()) continue;
        if (schedule.skipMarketHolidays && isMarketHoliday(at)) continue;
        return at;
      }
    }
  }
  throw new Error('no run within 15 days: the schedule has no day of week outside market holidays');
};

/** The latest run at or before `at`, looking back at most `withinDays` days; undefined when none. */
export const latestRunAtOrBefore = (
  schedule: DailySchedule,
  at: Date,
  withinDays: number,
): Date | undefined => {
  let latest: Date | undefined;
  let candidate = nextRunAfter(schedule, new Date(at.getTime() - withinDays * 86_400_000));
  while (candidate.getTime() <= at.getTime()) {
    latest = candidate;
    candidate = nextRunAfter(schedule, candidate);
  }
  return latest;
};
