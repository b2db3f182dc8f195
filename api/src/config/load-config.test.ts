import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('defaults to the embedded store in ./.data on port 3000', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.readModels).toEqual({ kind: 'pglite', dataDir: path.resolve('.data/pglite') });
    expect(config.eventLog).toEqual(config.readModels);
    expect(config.publicAppUrl).toBe('http://localhost:3000');
  });

  it('uses a PostgreSQL server for both when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db:5432/etf' });
    expect(config.readModels).toEqual({ kind: 'postgres', url: 'postgres://app@db:5432/etf' });
    expect(config.eventLog).toEqual(config.readModels);
  });

  it('puts the log in KurrentDB when EVENTSTORE_URL is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/etf',
      EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false',
    });
    expect(config.eventLog).toEqual({ kind: 'kurrentdb', url: 'kurrentdb://kurrentdb:2113?tls=false' });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', EVENTSTORE_URL: '  ' }).readModels.kind).toBe('pglite');
  });

  it('names every invalid variable in one clear error', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres/);
    expect(attempt).toThrow(/NODE_ENV/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and when empty', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBeUndefined();
  });

  it('takes addresses, CIDR ranges and proxy-addr keywords', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '1', '2', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/2', 'all'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a comma-separated list/);
  });
});

describe('MARKET_REFRESH_CRON and MARKET_REFRESH_TIME_ZONE', () => {
  it('default to 17:30 on weekdays in New York', () => {
    expect(loadConfig({})).toMatchObject({
      MARKET_REFRESH_CRON: '30 17 * * 1-5',
      MARKET_REFRESH_TIME_ZONE: 'America/New_York',
    });
  });

  it('take another schedule, or off', () => {
    expect(loadConfig({ MARKET_REFRESH_CRON: '0 18 * * 1,3,5' }).MARKET_REFRESH_CRON).toBe('0 18 * * 1,3,5');
    expect(loadConfig({ MARKET_REFRESH_CRON: 'off' }).MARKET_REFRESH_CRON).toBe('off');
  });

  it('name what is wrong', () => {
    expect(() => loadConfig({ MARKET_REFRESH_CRON: '30 17 1 * *' })).toThrow(
      /MARKET_REFRESH_CRON: day of month and month must be \*/,
    );
    expect(() => loadConfig({ MARKET_REFRESH_CRON: 'daily' })).toThrow(
      /MARKET_REFRESH_CRON: must have 5 fields/,
    );
    expect(() => loadConfig({ MARKET_REFRESH_TIME_ZONE: 'New York' })).toThrow(
      /MARKET_REFRESH_TIME_ZONE: must be an IANA time zone/,
    );
  });

  it('reads WEB_CONCURRENCY as a whole number of processes from 1 to 64, unset when empty', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).WEB_CONCURRENCY).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBeUndefined();
    for (const bad of ['0', '2.5', 'many', '65']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
    }
  });
});
