/**
 * Tax reads of a long-lived tracking, measured the way a client sees them (issue 26 item 6): the server runs as its
 * own process (`npm start`'s entry point, as bench:api starts it) on a fresh PostgreSQL server database (or a fresh
 * embedded data folder with --only pglite); this process records ORDERS orders (BUYs and SELLs of five stocks at
 * swinging fills, some sales at a loss, so the ledger has W rows; orders cannot predate the tracking, so all are
 * today's), then drives each read with autocannon from one keep-alive connection after a warm-up and reports its
 * p50. Target: p50 ≤ 50 ms each.
 *   npm run bench:tax -- [--orders 10000] [--reads 200] [--only postgres|pglite]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { nyTradeDate } from '@etf-replicator/core/tax/trade-date';
import { createServerTestDatabaseUrl, probeServer } from '@etf-replicator/projections/testing';
import { run, type Summary, summarise } from './bench-api/autocannon-load';
import { apiCall } from './bench-api/investors';
import { startServerProcess } from './bench-api/server-process';
import { signAccessToken } from './cli/access-token';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '10000' },
    reads: { type: 'string', default: '200' },
    only: { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const READS = Number(values.reads);
const ETF = 'QQQ';
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL'];
const BATCH = 1000;
const TARGET_MS = 50;
const jwtSecret = randomBytes(32).toString('hex');

/**
 * Order i: a stock in turn; per stock, BUY 10 then SELL 5, alternately, at a price that swings ±20 % around 100 (so
 * some sales close lots at a loss and a later BUY is a replacement).
 */
const orderOf = (i: number) => {
  const symbol = SYMBOLS[i % SYMBOLS.length] as string;
  const k = Math.floor(i / SYMBOLS.length);
  const price = (100 + 20 * Math.sin(k / 7)).toFixed(2);
  return k % 2 === 0
    ? { symbol, orderType: 'BUY', shares: '10', price }
    : { symbol, orderType: 'SELL', shares: '5', price };
};

const measureStore = async (store: 'postgres' | 'pglite', env: Record<string, string>) => {
  const server = await startServerProcess({ ...env, JWT_SECRET: jwtSecret });
  const { base } = server;
  try {
    const token = signAccessToken(jwtSecret, randomUUID(), 'PRO');
    const { trackingId } = (await apiCall(base, token, 'POST', '/api/trackings', {
      symbol: ETF,
      currentReplication: { targetInvestmentAmount: '1000000', investments: [], leftoverAmount: '1000000' },
    })) as { trackingId: string };
    const started = performance.now();
    for (let from = 0; from < ORDERS; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, ORDERS - from) }, (_, j) => orderOf(from + j));
      await apiCall(base, token, 'POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, batch);
    }
    console.error(`${store}: ${ORDERS} orders recorded in ${Math.round(performance.now() - started)} ms`);
    const year = Number(nyTradeDate(new Date().toISOString()).slice(0, 4));
    const reads: Record<string, string> = {
      lots: `/api/trackings/${trackingId}/lots`,
      realizedGains: `/api/trackings/${trackingId}/realized-gains?year=${year}`,
      taxReportCsv: `/api/trackings/${trackingId}/tax-report.csv?year=${year}`,
      accountRealizedGains: `/api/tax/realized-gains?year=${year}`,
    };
    const figures: Record<string, Summary> = {};
    for (const [name, url] of Object.entries(reads)) {
      const request = {
        method: 'GET' as const,
        path: url,
        headers: { authorization: `Bearer ${token}` },
      };
      await run({ url: base, connections: 1, amount: 20, requests: [request] }); // warm-up
      figures[name] = summarise(await run({ url: base, connections: 1, amount: READS, requests: [request] }));
      const figure = figures[name];
      console.error(
        `${store}: ${name} p50 ${figure?.p50Ms} ms, p99 ${figure?.p99Ms} ms (${figure?.non2xx} non-2xx)`,
      );
    }
    return Object.entries(figures).map(([read, figure]) => ({
      store,
      read,
      p50Ms: figure.p50Ms,
      p99Ms: figure.p99Ms,
      non2xx: figure.non2xx,
      withinTarget: figure.p50Ms <= TARGET_MS && figure.non2xx === 0,
    }));
  } finally {
    await server.stop();
  }
};

const results = [];
if (values.only !== 'pglite') {
  if (await probeServer()) console.warn('PostgreSQL server not reachable: server figures skipped');
  else {
    const { url, drop } = await createServerTestDatabaseUrl();
    try {
      results.push(...(await measureStore('postgres', { DATABASE_URL: url })));
    } finally {
      await drop();
    }
  }
}
if (values.only !== 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'etf-bench-tax-'));
  try {
    results.push(...(await measureStore('pglite', { DATA_DIR: dataDir })));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
console.table(results);
if (results.some((row) => !row.withinTarget)) process.exitCode = 1;
