import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './load-config';

type Service = {
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
};
const compose = parse(
  readFileSync(fileURLToPath(new URL('../../../docker-compose.yml', import.meta.url)), 'utf8'),
) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

/** Compose's ${VAR:-default} substitution, enough for the variables our file uses. */
const substitute = (value: string) =>
  value.replace(/\$\{(\w+):-([^}]*)\}/g, (_, _name, fallback: string) => fallback);

describe('docker-compose.yml', () => {
  const app = compose.services.app as Service;
  const env = Object.fromEntries(
    Object.entries(app.environment ?? {}).map(([key, value]) => [key, substitute(String(value))]),
  );

  it('gives the app a configuration the server accepts: log in KurrentDB, read models in PostgreSQL', () => {
    const config = loadConfig(env);
    expect(config.NODE_ENV).toBe('production');
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.eventLog).toEqual({ kind: 'kurrentdb', url: 'kurrentdb://kurrentdb:2113?tls=false' });
    expect(config.readModels).toEqual({ kind: 'postgres', url: 'postgres://etf:etf@postgres:5432/etf' });
  });

  it('points the app at hosts that are services of the stack, with matching credentials', () => {
    const db = new URL(env.DATABASE_URL as string);
    const postgres = compose.services[db.hostname]?.environment ?? {};
    expect(postgres.POSTGRES_USER).toBe(db.username);
    expect(postgres.POSTGRES_PASSWORD).toBe(db.password);
    expect(postgres.POSTGRES_DB).toBe(db.pathname.slice(1));
    expect(compose.services[new URL(env.EVENTSTORE_URL as string).hostname]).toBeDefined();
  });

  it('starts the app only after healthy dependencies, and every service has a health check', () => {
    expect(app.depends_on).toEqual({
      kurrentdb: { condition: 'service_healthy' },
      postgres: { condition: 'service_healthy' },
    });
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test, name).toBeDefined();
    }
  });

  it('keeps data in named volumes', () => {
    for (const name of ['kurrentdb', 'postgres']) {
      for (const volume of compose.services[name]?.volumes ?? []) {
        const source = volume.split(':')[0] as string;
        expect(compose.volumes, `${name} volume ${source}`).toHaveProperty(source);
      }
    }
  });

  it('refuses to start without an operator-provided JWT secret', () => {
    expect(String(app.environment?.JWT_SECRET)).toMatch(/^\$\{JWT_SECRET:\?/);
  });

  it('publishes no insecure store beyond this machine: every port but the app’s is bound to 127.0.0.1', () => {
    const kurrentdb = compose.services.kurrentdb as Service;
    expect(kurrentdb.environment?.KURRENTDB_INSECURE).toBe('true');
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'app') continue;
      for (const port of service.ports ?? [])
        expect(port, `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('trusts no proxy: the app is published directly, so X-Forwarded-For must not choose the client IP', () => {
    expect(app.environment).not.toHaveProperty('TRUST_PROXY');
    expect(loadConfig(env).TRUST_PROXY).toBeUndefined();
  });

  it('publishes the app on the port it listens on', () => {
    expect(app.ports).toContain(`${env.PORT}:${env.PORT}`);
  });
});
