import { describe, expect, it } from 'vitest';
import { describeKurrentConnection, normaliseKurrentConnectionString } from './connection-string';

describe('normaliseKurrentConnectionString', () => {
  it('keeps kurrentdb:// strings as they are', () => {
    expect(normaliseKurrentConnectionString('kurrentdb://localhost:2113?tls=false')).toBe(
      'kurrentdb://localhost:2113?tls=false',
    );
    expect(normaliseKurrentConnectionString('kurrentdb+discover://admin:changeit@cluster.dns:2113')).toBe(
      'kurrentdb+discover://admin:changeit@cluster.dns:2113',
    );
  });

  it('rewrites the legacy esdb schemes and the short aliases', () => {
    expect(normaliseKurrentConnectionString('esdb://localhost:2113?tls=false')).toBe(
      'kurrentdb://localhost:2113?tls=false',
    );
    expect(normaliseKurrentConnectionString('esdb+discover://a:2113,b:2113')).toBe(
      'kurrentdb+discover://a:2113,b:2113',
    );
    expect(normaliseKurrentConnectionString('kdb://h:1')).toBe('kurrentdb://h:1');
    expect(normaliseKurrentConnectionString('kurrent+discover://h:1')).toBe('kurrentdb+discover://h:1');
  });

  it('accepts any case in the scheme and surrounding whitespace', () => {
    expect(normaliseKurrentConnectionString('  ESDB://localhost:2113?tls=false\n')).toBe(
      'kurrentdb://localhost:2113?tls=false',
    );
  });

  it('rejects other schemes without echoing credentials', () => {
    const attempt = () => normaliseKurrentConnectionString('postgres://user:s3cret@db:5432/app');
    expect(attempt).toThrow(/Unsupported event store scheme "postgres:\/\/"/);
    expect(attempt).not.toThrow(/s3cret/);
  });

  it('rejects strings without a scheme', () => {
    expect(() => normaliseKurrentConnectionString('localhost:2113')).toThrow(/must look like kurrentdb:\/\//);
    expect(() => normaliseKurrentConnectionString('')).toThrow(/must look like/);
    expect(() => normaliseKurrentConnectionString('kurrentdb://')).toThrow(/must look like/);
  });
});

describe('describeKurrentConnection', () => {
  it('keeps scheme and hosts, drops credentials and options', () => {
    expect(describeKurrentConnection('kurrentdb://admin:changeit@db:2113?tls=true&tlsVerifyCert=false')).toBe(
      'kurrentdb://db:2113',
    );
    expect(describeKurrentConnection('ESDB+discover://a:2113,b:2113/?nodePreference=leader')).toBe(
      'esdb+discover://a:2113,b:2113',
    );
    expect(describeKurrentConnection('nonsense')).toBe('<invalid connection string>');
  });
});
