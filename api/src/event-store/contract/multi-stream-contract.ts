import { WrongExpectedVersionError } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { type ContractContext, event, newStream } from './contract-helpers';

/**
 * `appendToStreams`: several streams, all or nothing (issue 29's netted orders). Stores without multi-stream
 * transactions (KurrentDB, the in-memory double) must not offer it, so callers fall back knowingly.
 */
export const describeMultiStreamContract = (ctx: ContractContext, supported: boolean) => {
  describe('appending to several streams at once', () => {
    it(supported ? 'is offered' : 'is not offered (no multi-stream transactions)', () => {
      expect(typeof ctx.store.appendToStreams).toBe(supported ? 'function' : 'undefined');
    });
    if (!supported) return;

    const appendToStreams = (
      ...args: Parameters<NonNullable<ContractContext['store']['appendToStreams']>>
    ) => {
      if (!ctx.store.appendToStreams) throw new Error(`${ctx.store.kind} has no appendToStreams`);
      return ctx.store.appendToStreams(...args);
    };

    it('stores every stream, answering each result in input order', async () => {
      const [a, b] = [newStream(), newStream()];
      await ctx.store.appendToStream(b, [event('Opened', {})], { expectedRevision: 'no_stream' });
      const results = await appendToStreams([
        {
          streamId: a,
          events: [event('A1', { n: 1 }), event('A2', { n: 2 })],
          expectedRevision: 'no_stream',
        },
        { streamId: b, events: [event('B1', { n: 3 })], expectedRevision: 0 },
      ]);
      expect(results.map((result) => result.nextExpectedRevision)).toEqual([1, 1]);
      const [readA, readB] = [await ctx.store.readStream(a), await ctx.store.readStream(b)];
      expect(readA.map((e) => [e.type, e.streamRevision])).toEqual([
        ['A1', 0],
        ['A2', 1],
      ]);
      expect(readB.map((e) => [e.type, e.streamRevision])).toEqual([
        ['Opened', 0],
        ['B1', 1],
      ]);
      expect(readA.at(-1)?.globalPosition).toBe(results[0]?.position);
      expect(readB.at(-1)?.globalPosition).toBe(results[1]?.position);
    });

    it('stores nothing when any stream conflicts, and names that stream', async () => {
      const [a, b, c] = [newStream(), newStream(), newStream()];
      await ctx.store.appendToStream(b, [event('Opened', {}), event('Moved', {})], {
        expectedRevision: 'no_stream',
      });
      const error = await appendToStreams([
        { streamId: a, events: [event('A', {})], expectedRevision: 'no_stream' },
        { streamId: b, events: [event('B', {})], expectedRevision: 0 },
        { streamId: c, events: [event('C', {})], expectedRevision: 'no_stream' },
      ]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect((error as WrongExpectedVersionError).streamId).toBe(b);
      expect((error as WrongExpectedVersionError).actual).toBe(1);
      expect(await ctx.store.readStream(a)).toEqual([]);
      expect((await ctx.store.readStream(b)).map((e) => e.type)).toEqual(['Opened', 'Moved']);
      expect(await ctx.store.readStream(c)).toEqual([]);
    });

    it('answers a retry of the same events with the first results, storing them once', async () => {
      const [a, b] = [newStream(), newStream()];
      const appends = [
        { streamId: a, events: [event('A', {})], expectedRevision: 'no_stream' as const },
        { streamId: b, events: [event('B', {})], expectedRevision: 'no_stream' as const },
      ];
      const first = await appendToStreams(appends);
      expect(await appendToStreams(appends)).toEqual(first);
      expect([(await ctx.store.readStream(a)).length, (await ctx.store.readStream(b)).length]).toEqual([
        1, 1,
      ]);
    });

    it('refuses a stream named twice or a stream without events, storing nothing', async () => {
      const a = newStream();
      await expect(
        appendToStreams([
          { streamId: a, events: [event('A', {})], expectedRevision: 'any' },
          { streamId: a, events: [event('A', {})], expectedRevision: 'any' },
        ]),
      ).rejects.toBeInstanceOf(RangeError);
      await expect(
        appendToStreams([{ streamId: a, events: [], expectedRevision: 'any' }]),
      ).rejects.toBeInstanceOf(RangeError);
      expect(await ctx.store.readStream(a)).toEqual([]);
    });
  });
};
