import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '@etf-replicator/core';

export type SlowAppend = (streamId: string, event: NewEvent & { id: string }) => Promise<void>;

export type GapCheckResult = {
  readonly written: number;
  readonly seen: number;
  readonly missed: number;
  readonly duplicates: number;
  readonly outOfOrder: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writers append concurrently (through `slowAppend` when the harness can hold a transaction open, so commits land
 * out of order) while one subscriber follows the log. Counts what the subscriber missed, saw twice, or saw out of
 * global order.
 */
export const runGapCheck = async (
  store: EventStore,
  {
    writers = 8,
    eventsPerWriter = 60,
    slowAppend,
    catchUpTimeoutMs = 15_000,
  }: {
    writers?: number;
    eventsPerWriter?: number;
    slowAppend?: SlowAppend | undefined;
    catchUpTimeoutMs?: number;
  },
): Promise<GapCheckResult> => {
  const category = `gap${randomUUID().slice(0, 8)}`;
  const controller = new AbortController();
  const seen: RecordedEvent[] = [];
  const start = await store.headPosition();
  const subscription = (async () => {
    for await (const page of store.subscribeToAll({
      signal: controller.signal,
      batchSize: 25,
      filter: { categories: [category] },
      ...(start ? { after: start } : {}),
    })) {
      seen.push(...page.events);
    }
  })();

  const written = new Set<string>();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; i < eventsPerWriter; i++) {
        const event = { id: randomUUID(), type: 'GapChecked', data: { writer, i } };
        const streamId = `${category}-${writer}-${i % 5}`;
        if (slowAppend) await slowAppend(streamId, event);
        else await store.appendToStream(streamId, [event], { expectedRevision: 'any' });
        written.add(event.id);
      }
    }),
  );

  // Give the subscriber time to catch up with everything now committed (it polls at most once a second).
  const deadline = Date.now() + catchUpTimeoutMs;
  while (Date.now() < deadline && new Set(seen.map((event) => event.id)).size < written.size) await sleep(50);
  await sleep(300);
  controller.abort();
  await subscription;

  const ids = seen.map((event) => event.id);
  const unique = new Set(ids);
  let outOfOrder = 0;
  for (let i = 1; i < seen.length; i++) {
    const previous = seen[i - 1] as RecordedEvent;
    const current = seen[i] as RecordedEvent;
    if (store.comparePositions(previous.globalPosition, current.globalPosition) >= 0) outOfOrder++;
  }
  return {
    written: written.size,
    seen: unique.size,
    missed: [...written].filter((id) => !unique.has(id)).length,
    duplicates: ids.length - unique.size,
    outOfOrder,
  };
};
