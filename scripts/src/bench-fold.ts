/**
 * Fold benchmark (issue 26 item 6): how long core's `evolve` takes to fold a tracking's whole stream.
 *   npm run bench:fold [-- --runs 7]
 * Cases: 20,000 mixed events (BUYs and SELLs across 50 symbols, SELLs closing lots by TAX_OPTIMAL, recorded by the
 * decider as the API records them), and 10,000 BUYs of one symbol sharing one execution time (random event ids, so
 * that the lot order falls back on ids). Reports the median of `runs` folds, and the first read of the folded lots
 * and history as arrays. Target: a fold of 20,000 events ≤ 200 ms.
 *
 * Measured 2026-11-27 on the idle 2-core machine (load < 1, `--runs 21`, three runs): the 20,000 mixed events fold
 * in 137–201 ms (median of medians ~150 ms), the 10,000 same-time BUYs in 44–62 ms. Before this change: 240–335 ms.
 * Two causes: one shared empty LotBook chained every fold's persistent versions to one Map (each fold rerooted and
 * kept the last one's whole history: 20,000 retained nodes), and a SELL's close built arrays per lot. What remains
 * is mostly decimal parsing (~30 %) and GC (~28 %) of the history the state keeps (about 1 KB per event).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  evolve,
  initialState,
  type Tracking,
  type TrackingCommand,
  type TrackingEvent,
  trackingDecider,
} from '@etf-replicator/core';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const RUNS = Math.max(1, Number(values.runs));
const TARGET_MS = 200;
const START = Date.UTC(2020, 0, 2, 15, 0, 0);

/** A small deterministic generator (mulberry32), so that every run folds the same history. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const createdEvent = (): TrackingEvent => ({
  id: randomUUID(),
  type: 'TrackingCreated',
  data: {
    trackingId: 'bench',
    userId: 'bench-user',
    symbol: 'VTI',
    targetAmount: '9999999999.99',
    fractionalShares: true,
    autoTracking: false,
    numberOfWeightings: 50,
    lotMethod: 'TAX_OPTIMAL',
    occurredAt: new Date(START).toISOString(),
  },
});

/** Records the commands with the decider (as the API does), one second apart; refused ones are skipped. */
const record = (commands: (state: Tracking, n: number) => TrackingCommand['data'] | null, count: number) => {
  const events: TrackingEvent[] = [createdEvent()];
  let state = evolve(initialState(), events[0] as TrackingEvent);
  for (let n = 1; events.length < count; n += 1) {
    const data = commands(state, n);
    if (!data) continue;
    const metadata = { now: new Date(START + n * 1000), eventId: randomUUID(), actorUserId: 'bench-user' };
    const command = { type: 'ExecuteOrder', data, metadata } as TrackingCommand;
    for (const event of trackingDecider.decide(command, state)) {
      events.push(event);
      state = evolve(state, event);
    }
  }
  return events;
};

const mixed = (count: number) => {
  const next = random(26);
  const symbols = Array.from({ length: 50 }, (_, i) => `S${String(i).padStart(2, '0')}`);
  return record((state, n) => {
    const symbol = symbols[Math.floor(next() * symbols.length)] as string;
    const price = (50 + next() * 100).toFixed(2);
    const held = state.status === 'Active' ? state.positions.get(symbol) : undefined;
    if (held && next() < 0.4) {
      const shares = held
        .mul(Math.ceil(next() * 60))
        .div(100)
        .toDecimalPlaces(2);
      return shares.gt(0) ? { symbol, orderType: 'SELL', shares: shares.toFixed(), price } : null;
    }
    const executedAt = new Date(START + n * 1000).toISOString();
    return { symbol, orderType: 'BUY', shares: (1 + Math.floor(next() * 20)).toString(), price, executedAt };
  }, count);
};

const sameTime = (count: number) => {
  const executedAt = new Date(START + 500).toISOString();
  return record(() => ({ symbol: 'AAPL', orderType: 'BUY', shares: '1', price: '100', executedAt }), count);
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const measure = (name: string, events: readonly TrackingEvent[]) => {
  events.reduce(evolve, initialState()); // warm-up
  const times: number[] = [];
  let state: Tracking = initialState();
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    state = events.reduce(evolve, initialState());
    times.push(performance.now() - started);
  }
  const read = performance.now();
  const lots = state.status === 'Empty' ? 0 : [...state.lots].length;
  const actions = state.status === 'Empty' ? 0 : [...state.actions].length;
  const readMs = performance.now() - read;
  const fold = median(times);
  return { name, events: events.length, foldMs: fold, readMs, lots, actions };
};

const results = [
  measure('20,000 mixed, 50 symbols', mixed(20_000)),
  measure('10,000 BUYs, one timestamp', sameTime(10_000)),
];
console.log('case                          events   fold p50 ms   first read ms   open lots   actions');
for (const r of results)
  console.log(
    `${r.name.padEnd(30)}${String(r.events).padStart(6)}${r.foldMs.toFixed(1).padStart(14)}${r.readMs.toFixed(1).padStart(16)}${String(r.lots).padStart(12)}${String(r.actions).padStart(10)}`,
  );
const over = results.filter((r) => r.foldMs > TARGET_MS);
console.log(
  over.length === 0
    ? `every fold within ${TARGET_MS} ms`
    : `over ${TARGET_MS} ms: ${over.map((r) => r.name).join(', ')}`,
);
process.exitCode = over.length === 0 ? 0 : 1;
