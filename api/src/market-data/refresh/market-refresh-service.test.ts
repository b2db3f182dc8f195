import type { EventStore } from '@etf-replicator/core';
import type { Database } from '@etf-replicator/projections';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarketDataProvider } from '../provider';
import { parseDailySchedule } from './daily-schedule';
import { createMarketRefreshService, type MarketRefreshService } from './market-refresh-service';

const log = { info: () => undefined, error: () => undefined };
const now = () => new Date('2026-11-24T15:00:00Z');
const schedule = parseDailySchedule('30 17 * * 1-5', 'America/New_York');
const provider = (): MarketDataProvider => {
  throw new Error('not called by these tests');
};

describe('The market refresh scheduler', () => {
  let service: MarketRefreshService | undefined;
  afterEach(() => service?.stop());

  const create = (options: { withProvider: boolean; withSchedule: boolean }) =>
    createMarketRefreshService({
      db: {} as Database,
      eventStore: {} as EventStore,
      provider: options.withProvider ? provider : undefined,
      schedule: options.withSchedule ? schedule : undefined,
      afterPublish: async () => undefined,
      log,
      now,
    });

  it('arms the next run after the US close when a provider and a schedule are configured', () => {
    service = create({ withProvider: true, withSchedule: true });
    expect(service.nextScheduledAt()).toBeUndefined();
    service.startScheduler();
    expect(service.nextScheduledAt()?.toISOString()).toBe('2026-11-24T22:30:00.000Z');
    expect(service.provider).toBe('fmp');
  });

  it('schedules nothing without FMP_API_KEY, and a run asked for says there is no provider', async () => {
    service = create({ withProvider: false, withSchedule: true });
    service.startScheduler();
    expect(service.nextScheduledAt()).toBeUndefined();
    expect(await service.start({ trigger: 'admin' })).toEqual({ kind: 'no-provider' });
    expect(await service.runScheduled(now())).toBeUndefined();
  });

  it('schedules nothing when MARKET_REFRESH_CRON is off', () => {
    service = create({ withProvider: true, withSchedule: false });
    service.startScheduler();
    expect(service.nextScheduledAt()).toBeUndefined();
  });

  it('disarms on stop', async () => {
    service = create({ withProvider: true, withSchedule: true });
    service.startScheduler();
    await service.stop();
    expect(service.nextScheduledAt()).toBeUndefined();
  });
});
