import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createServerTestDatabaseUrl, isServerAvailable } from '@etf-replicator/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, repoRoot } from './build-server';
import { freePort, type Instance, startInstance } from './server-instance';

/** `WEB_CONCURRENCY=2`: one compiled primary and two worker processes behind one port, on a PostgreSQL server. */
const ADMIN = { email: 'cluster-admin@example.com', password: 'Admin1234!' };
const METRICS_TOKEN = 'cluster-metrics-token-0123';

/** The pids whose parent is `parent`, read from /proc (no `ps` needed). */
const childrenOf = async (parent: number): Promise<number[]> => {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const children: number[] = [];
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after the command name, which sits in parentheses and may itself hold spaces: state, ppid, …
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent) children.push(Number(pid));
  }
  return children.sort((a, b) => a - b);
};

/** A new connection per request (`connection: close`): the primary hands connections to the workers in turn. */
const get = (instance: Instance, url: string, token: string) =>
  fetch(`${instance.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } });

const trackingsAnswers = (metrics: string) =>
  [
    ...metrics.matchAll(
      /^http_request_duration_seconds_count\{[^}]*route="\/api\/trackings\/trackings-summary"[^}]*\} (\d+)/gm,
    ),
  ].reduce((sum, match) => sum + Number(match[1]), 0);

const appendsLost = (metrics: string) =>
  [
    ...metrics.matchAll(/^etf_event_append_duration_seconds_count\{[^}]*outcome="conflict"[^}]*\} (\d+)/gm),
  ].reduce((sum, match) => sum + Number(match[1]), 0);

/** A POST on its own connection, as `get`. */
const post = (instance: Instance, url: string, token: string, body: object) =>
  fetch(`${instance.baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify(body),
  });

const scrape = async (instance: Instance) => {
  const response = await fetch(`${instance.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: 'close' },
  });
  expect(response.status).toBe(200);
  return response.text();
};

const serverAvailable = await isServerAvailable();

describe.runIf(serverAvailable)('WEB_CONCURRENCY: several server processes behind one port', () => {
  const runId = randomBytes(4).toString('hex');
  const bundleDir = `api/dist/cluster-${runId}`;
  const bundle = path.join(repoRoot, bundleDir, 'server.js');
  let database: { url: string; drop: () => Promise<void> };
  let cluster: Instance;

  beforeAll(async () => {
    await buildServer({ entries: { 'api/src/server.ts': `${bundleDir}/server.js` } });
    database = await createServerTestDatabaseUrl();
    // No JWT_SECRET (so not production, which requires one): the primary must give its workers one secret, or a
    // token signed by one worker is refused by the other.
    cluster = await startInstance('cluster', bundle, database.url, {
      admin: ADMIN,
      metricsToken: METRICS_TOKEN,
      logLevel: 'info',
      env: { WEB_CONCURRENCY: '2', NODE_ENV: 'development' },
    });
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    await rm(path.join(repoRoot, bundleDir), { recursive: true, force: true });
  }, 60_000);

  it('shares the port, the sign-in and the metrics between its workers, and replaces one that dies', async () => {
    const primary = cluster.process.pid as number;
    // Ready answers as soon as the first worker listens; the second starts after it.
    await expect
      .poll(() => /all server processes are listening/.test(cluster.output()), { timeout: 120_000 })
      .toBe(true);
    const workers = await childrenOf(primary);
    expect(workers, cluster.output()).toHaveLength(2);

    const login = await fetch(`${cluster.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { access_token: string }).access_token;

    // Every request on its own connection reaches the workers in turn: each accepts the other's token.
    const sent = 20;
    for (let i = 0; i < sent; i++)
      expect((await get(cluster, '/api/trackings/trackings-summary', token)).status).toBe(200);
    // Whichever worker answers the scrape reports the figures of both.
    expect(trackingsAnswers(await scrape(cluster))).toBe(sent);

    // One investor's orders, each on its own connection, reach the workers in turn: each worker hears of the
    // other's orders (trackings/sibling-changes.ts) and appends without losing a race, where it used to lose one
    // nearly every time. A message can come after the next order: a lost race stays possible, not the rule.
    const created = await post(cluster, '/api/trackings', token, {
      symbol: 'QQQ',
      currentReplication: { targetInvestmentAmount: '100000', investments: [], leftoverAmount: '100000' },
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { trackingId } = (await created.json()) as { trackingId: string };
    const lostBefore = appendsLost(await scrape(cluster));
    const orders = 12;
    for (let i = 0; i < orders; i++) {
      const order = await post(cluster, `/api/trackings/${trackingId}/applyAdjustmentOrders`, token, {
        symbol: 'AAPL',
        shares: '1',
        orderType: 'BUY',
      });
      expect(order.status, await order.text()).toBe(200);
    }
    expect(appendsLost(await scrape(cluster)) - lostBefore).toBeLessThan(orders / 2);

    const [killed, survivor] = workers as [number, number];
    process.kill(killed, 'SIGKILL');
    await expect
      .poll(
        async () => {
          const now = await childrenOf(primary);
          return now.length === 2 && now.includes(survivor) && !now.includes(killed)
            ? true
            : `${now.join(',')} (killed ${killed}, survivor ${survivor})\n${cluster.output()}`;
        },
        { timeout: 120_000, interval: 200 },
      )
      .toBe(true);
    // The replacement starts empty: what the killed worker had answered is gone from the sum, what the survivor
    // answered is still there. Both were more than nothing, so both workers had served.
    await expect
      .poll(() => /a replacement server process is listening/.test(cluster.output()), { timeout: 120_000 })
      .toBe(true);
    const afterDeath = trackingsAnswers(await scrape(cluster));
    expect(afterDeath).toBeGreaterThan(0);
    expect(afterDeath).toBeLessThan(sent);
    expect(cluster.output()).toMatch(/a server process died; starting another/);

    // SIGTERM stops the workers gracefully, then the primary, with status 0.
    const exited = new Promise<number | null>((resolve) =>
      cluster.process.once('exit', (code) => resolve(code)),
    );
    cluster.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect.poll(async () => (await childrenOf(primary)).length, { timeout: 30_000 }).toBe(0);
  }, 300_000);

  it('stops with status 1, as one process would, when a worker cannot start', async () => {
    const missing = new URL(database.url);
    missing.pathname = `/no_such_database_${runId}`;
    const child = spawn(process.execPath, [bundle], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(await freePort()),
        DATABASE_URL: missing.toString(),
        EVENTSTORE_URL: '',
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(1);
    expect(output).toMatch(/a server process failed to start; stopping/);
  }, 120_000);
});
