import { randomUUID } from 'node:crypto';
import { WrongExpectedVersionError } from '@etf-replicator/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractContext, event, newStream, type OpenedStore } from './contract-helpers';
import { describeLogReadingContract } from './log-reading-contract';
import { describeMultiStreamContract } from './multi-stream-contract';

export type { OpenedStore } from './contract-helpers';

export const describeEventStoreContract = (
  name: string,
  open: () => Promise<OpenedStore>,
  { multiStream = false }: { multiStream?: boolean } = {},
) => {
  describe(`EventStore contract: ${name}`, () => {
    const ctx = {} as ContractContext;

    beforeAll(async () => {
      ctx.opened = await open();
      ctx.store = ctx.opened.store;
    });
    afterAll(async () => {
      await ctx.opened?.dispose();
    });

    describe('appending and reading a stream', () => {
      it('reads back exactly what was written, decimal strings staying strings', async () => {
        const streamId = newStream();
        const data = {
          amount: '10000.00',
          shares: '0.10',
          tiny: '0.000000000000000001',
          big: '9999999999.99',
          nested: { list: [1, '2', null, true, { deep: 'ünïcødé ✓ "quoted" \\ back' }] },
          empty: {},
        };
        const metadata = { actorUserId: randomUUID(), correlationId: randomUUID(), schemaVersion: 1 };
        const first = event('AmountSet', data);
        const result = await ctx.store.appendToStream(streamId, [{ ...first, metadata }], {
          expectedRevision: 'no_stream',
        });
        expect(result.nextExpectedRevision).toBe(0);

        const [read] = await ctx.store.readStream(streamId);
        expect(read?.id).toBe(first.id);
        expect(read?.type).toBe('AmountSet');
        expect(read?.data).toStrictEqual(data);
        expect(read?.metadata).toStrictEqual(metadata);
        expect(read?.streamId).toBe(streamId);
        expect(read?.streamRevision).toBe(0);
        expect(read?.globalPosition).toBe(result.position);
        expect(read?.recordedAt).toBeInstanceOf(Date);
      });

      it('numbers revisions from 0 and keeps order across appends', async () => {
        const streamId = newStream();
        await ctx.store.appendToStream(streamId, [event('A', { n: 0 }), event('B', { n: 1 })], {
          expectedRevision: 'no_stream',
        });
        const second = await ctx.store.appendToStream(streamId, [event('C', { n: 2 })], {
          expectedRevision: 1,
        });
        expect(second.nextExpectedRevision).toBe(2);
        const events = await ctx.store.readStream(streamId);
        expect(events.map((e) => [e.type, e.streamRevision])).toEqual([
          ['A', 0],
          ['B', 1],
          ['C', 2],
        ]);
        expect(await ctx.store.readStream(streamId, { fromRevision: 1, maxCount: 1 })).toHaveLength(1);
      });

      it('answers an empty list for a stream that does not exist', async () => {
        expect(await ctx.store.readStream(newStream())).toEqual([]);
      });
    });

    describe('optimistic concurrency', () => {
      it('no_stream fails on an existing stream', async () => {
        const streamId = newStream();
        await ctx.store.appendToStream(streamId, [event('A', {})], { expectedRevision: 'no_stream' });
        const error = await ctx.store
          .appendToStream(streamId, [event('A', {})], { expectedRevision: 'no_stream' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedVersionError);
        expect((error as WrongExpectedVersionError).actual).toBe(0);
      });

      it('stream_exists fails on a missing stream and passes on an existing one', async () => {
        const streamId = newStream();
        await expect(
          ctx.store.appendToStream(streamId, [event('A', {})], { expectedRevision: 'stream_exists' }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await ctx.store.appendToStream(streamId, [event('A', {})], { expectedRevision: 'any' });
        const result = await ctx.store.appendToStream(streamId, [event('B', {})], {
          expectedRevision: 'stream_exists',
        });
        expect(result.nextExpectedRevision).toBe(1);
      });

      it('an exact revision must match the last event', async () => {
        const streamId = newStream();
        await ctx.store.appendToStream(streamId, [event('A', {}), event('B', {})], {
          expectedRevision: 'no_stream',
        });
        await expect(
          ctx.store.appendToStream(streamId, [event('C', {})], { expectedRevision: 0 }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(
          ctx.store.appendToStream(newStream(), [event('C', {})], { expectedRevision: 0 }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      });

      it('of 10 concurrent writers expecting the same revision exactly one wins', async () => {
        const streamId = newStream();
        await ctx.store.appendToStream(streamId, [event('Opened', {})], { expectedRevision: 'no_stream' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) =>
            ctx.store.appendToStream(streamId, [event('Raced', { i })], { expectedRevision: 0 }),
          ),
        );
        const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(fulfilled).toHaveLength(1);
        expect(rejected).toHaveLength(9);
        for (const failure of rejected) expect(failure.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(await ctx.store.readStream(streamId)).toHaveLength(2);
      });

      it('of 10 concurrent creators of one stream exactly one wins', async () => {
        const streamId = newStream();
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, () =>
            ctx.store.appendToStream(streamId, [event('Created', {})], { expectedRevision: 'no_stream' }),
          ),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(await ctx.store.readStream(streamId)).toHaveLength(1);
      });

      it('concurrent `any` appends all land with contiguous revisions', async () => {
        const streamId = newStream();
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            ctx.store.appendToStream(streamId, [event('E', { i }), event('E', { i })], {
              expectedRevision: 'any',
            }),
          ),
        );
        const events = await ctx.store.readStream(streamId);
        expect(events.map((e) => e.streamRevision)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      });
    });

    describe('idempotent appends', () => {
      it('re-appending the same event ids is a no-op that answers the first result', async () => {
        const streamId = newStream();
        const batch = [event('A', { n: 1 }), event('B', { n: 2 })];
        const first = await ctx.store.appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
        const retry = await ctx.store.appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
        const retryAny = await ctx.store.appendToStream(streamId, batch, { expectedRevision: 'any' });
        expect(retry).toEqual(first);
        expect(retryAny).toEqual(first);
        expect(await ctx.store.readStream(streamId)).toHaveLength(2);
      });

      it('a retry after the stream moved on still answers the original result', async () => {
        const streamId = newStream();
        const original = [event('A', {})];
        const first = await ctx.store.appendToStream(streamId, original, { expectedRevision: 'no_stream' });
        await ctx.store.appendToStream(streamId, [event('B', {})], { expectedRevision: 0 });
        expect(await ctx.store.appendToStream(streamId, original, { expectedRevision: 'no_stream' })).toEqual(
          first,
        );
        expect(await ctx.store.readStream(streamId)).toHaveLength(2);
      });

      it('concurrent retries of one append store it once', async () => {
        const streamId = newStream();
        const batch = [event('A', {})];
        const results = await Promise.all(
          Array.from({ length: 5 }, () =>
            ctx.store.appendToStream(streamId, batch, { expectedRevision: 'any' }),
          ),
        );
        for (const result of results) expect(result).toEqual(results[0]);
        expect(await ctx.store.readStream(streamId)).toHaveLength(1);
      });
    });

    describeMultiStreamContract(ctx, multiStream);
    describeLogReadingContract(ctx);
  });
};
