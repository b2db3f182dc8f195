import { randomUUID } from 'node:crypto';
import { KurrentDBClient, type ReadAllOptions } from '@kurrent/kurrentdb-client';
import { afterAll, describe, expect, it } from 'vitest';
import {
  lastEventRequest,
  liveTailRequest,
  logHeadRequest,
  logSliceRequest,
  streamSliceRequest,
} from './client-requests';
import { planEventFilter } from './event-filter-plan';
import { formatKurrentPosition } from './kurrentdb-position';
import { LiveTail } from './live-tail';

// No server here: the client points at a closed port. Its native reader checks the options before connecting, so
// an option it cannot use fails as an "unknown" error and a usable one fails only for being "unavailable".
const client = KurrentDBClient.connectionString('kurrentdb://127.0.0.1:1?tls=false');
afterAll(() => client.dispose());

const failureOf = async (events: AsyncIterable<unknown>): Promise<string> => {
  try {
    for await (const _ of events) return 'answered';
    return 'answered';
  } catch (error) {
    return (error as { type?: string }).type ?? String(error);
  }
};

describe('read requests are accepted by the client', () => {
  it('the harness tells a rejected request from an unreachable server', async () => {
    const bogus = { fromPosition: 'nowhere' } as unknown as ReadAllOptions;
    expect(await failureOf(client.readAll(bogus))).toBe('unknown');
  });

  it('reads of a stream slice and of its last event', async () => {
    expect(await failureOf(client.readStream(`s-${randomUUID()}`, streamSliceRequest(3, 2)))).toBe(
      'unavailable',
    );
    expect(await failureOf(client.readStream('s-1', streamSliceRequest(0, undefined)))).toBe('unavailable');
    expect(await failureOf(client.readStream('s-1', lastEventRequest()))).toBe('unavailable');
  });

  it('reads of the log head and of filtered log slices', async () => {
    expect(await failureOf(client.readAll(logHeadRequest()))).toBe('unavailable');
    const from = formatKurrentPosition({ commit: 4096n, prepare: 4096n });
    for (const filter of [undefined, { categories: ['tracking'] }, { eventTypes: ['Opened'] }]) {
      const { server } = planEventFilter(filter);
      expect(await failureOf(client.readAll(logSliceRequest(undefined, 10, server)))).toBe('unavailable');
      expect(await failureOf(client.readAll(logSliceRequest(from, 10, server)))).toBe('unavailable');
    }
  });
});

describe('the live tail on a real client', () => {
  it('turns a failing native subscription into a wake-up, not a crash', async () => {
    const tail = new LiveTail(() => client.subscribeToAll(liveTailRequest()));
    const started = Date.now();
    await tail.wait(20_000, new AbortController().signal);
    expect(Date.now() - started).toBeLessThan(15_000);
    await tail.close();
  });
});
