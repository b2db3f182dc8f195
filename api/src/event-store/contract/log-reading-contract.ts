import { randomUUID } from 'node:crypto';
import type { Position } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { type ContractContext, event, eventually, newStream } from './contract-helpers';
import { runGapCheck } from './gap-check';

/** The reading half of the contract: the whole log in order, filters, subscriptions, and restart persistence. */
export const describeLogReadingContract = (ctx: ContractContext) => {
  describe('reading the whole log', () => {
    it('pages through events in global order and resumes from a position', async () => {
      const category = `page${randomUUID().slice(0, 8)}`;
      const start = await ctx.store.headPosition();
      for (let i = 0; i < 7; i++) {
        await ctx.store.appendToStream(`${category}-${i % 3}`, [event('Paged', { i })], {
          expectedRevision: 'any',
        });
      }
      const seen: number[] = [];
      let after: Position | undefined = start;
      await eventually(async () => {
        const page = await ctx.store.readAll({
          maxCount: 3,
          filter: { categories: [category] },
          ...(after ? { after } : {}),
        });
        expect(page.events.length).toBeLessThanOrEqual(3);
        seen.push(...page.events.map((e) => (e.data as { i: number }).i));
        after = page.position;
        expect(seen).toHaveLength(7);
      });
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });

    it('filters by event type and by category, moving the position past what it skipped', async () => {
      const category = `filter${randomUUID().slice(0, 8)}`;
      const other = `other${randomUUID().slice(0, 8)}`;
      const start = await ctx.store.headPosition();
      await ctx.store.appendToStream(
        `${category}-1`,
        [event('Wanted', { n: 1 }), event('Unwanted', { n: 2 })],
        {
          expectedRevision: 'any',
        },
      );
      await ctx.store.appendToStream(`${other}-1`, [event('Wanted', { n: 3 })], { expectedRevision: 'any' });
      const last = await ctx.store.appendToStream(`${other}-2`, [event('Unwanted', { n: 4 })], {
        expectedRevision: 'any',
      });

      await eventually(async () => {
        const byType = await ctx.store.readAll({
          maxCount: 100,
          filter: { eventTypes: ['Wanted'], categories: [category, other] },
          ...(start ? { after: start } : {}),
        });
        expect(byType.events.map((e) => (e.data as { n: number }).n)).toEqual([1, 3]);
        expect(byType.position).toBeDefined();
        expect(ctx.store.comparePositions(byType.position as Position, last.position)).toBeGreaterThanOrEqual(
          0,
        );
      });
      const byCategory = await ctx.store.readAll({
        maxCount: 100,
        filter: { categories: [other] },
        ...(start ? { after: start } : {}),
      });
      expect(byCategory.events.map((e) => (e.data as { n: number }).n)).toEqual([3, 4]);
    });

    it('reports the head and compares positions', async () => {
      const result = await ctx.store.appendToStream(newStream(), [event('Head', {})], {
        expectedRevision: 'any',
      });
      await eventually(async () => {
        const head = await ctx.store.headPosition();
        expect(head).toBeDefined();
        expect(ctx.store.comparePositions(head as Position, result.position)).toBeGreaterThanOrEqual(0);
      });
      expect(ctx.store.comparePositions(result.position, result.position)).toBe(0);
    });
  });

  describe('subscriptions', () => {
    it('catches up, then delivers live events', async () => {
      const category = `live${randomUUID().slice(0, 8)}`;
      const start = await ctx.store.headPosition();
      await ctx.store.appendToStream(`${category}-1`, [event('Before', {})], { expectedRevision: 'any' });
      const controller = new AbortController();
      const types: string[] = [];
      const done = (async () => {
        for await (const page of ctx.store.subscribeToAll({
          signal: controller.signal,
          filter: { categories: [category] },
          ...(start ? { after: start } : {}),
        })) {
          types.push(...page.events.map((e) => e.type));
          if (types.length >= 2) controller.abort();
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await ctx.store.appendToStream(`${category}-1`, [event('After', {})], { expectedRevision: 'any' });
      await Promise.race([
        done,
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 25_000)),
      ]);
      expect(types).toEqual(['Before', 'After']);
    });

    it('sees every event exactly once, in order, while 8 writers commit concurrently', async () => {
      const result = await runGapCheck(ctx.store, {
        writers: 8,
        eventsPerWriter: 40,
        slowAppend: ctx.opened.slowAppend,
      });
      expect(result).toEqual({ written: 320, seen: 320, missed: 0, duplicates: 0, outOfOrder: 0 });
    });
  });

  describe('persistence', () => {
    it('keeps every event across a restart', async () => {
      const streamId = newStream();
      const written = await ctx.store.appendToStream(streamId, [event('Durable', { value: '1.23' })], {
        expectedRevision: 'no_stream',
      });
      ctx.store = await ctx.opened.reopen();
      const [read] = await ctx.store.readStream(streamId);
      expect(read?.data).toEqual({ value: '1.23' });
      expect(read?.globalPosition).toBe(written.position);
      const next = await ctx.store.appendToStream(streamId, [event('AfterRestart', {})], {
        expectedRevision: 0,
      });
      expect(ctx.store.comparePositions(next.position, written.position)).toBeGreaterThan(0);
    });
  });
};
