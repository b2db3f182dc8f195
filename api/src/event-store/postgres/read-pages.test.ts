import type { ReadAllOptions, ReadAllResult } from '@etf-replicator/core';
import { describe, expect, it, vi } from 'vitest';
import { createCoalescedReader } from './read-pages';

const pageFor = (options: ReadAllOptions): ReadAllResult => ({ events: [], position: options.after });

describe('createCoalescedReader', () => {
  it('sends the reads asked for in one turn as one batch, in order, and a lone read on its own', async () => {
    const read = vi.fn(async (options: ReadAllOptions) => pageFor(options));
    const readMany = vi.fn(async (requests: readonly ReadAllOptions[]) => requests.map(pageFor));
    const reader = createCoalescedReader(read, readMany);
    const asked = ['1:1', '1:2', '1:3'].map((after) => ({ maxCount: 10, after }) as ReadAllOptions);
    const pages = await Promise.all(asked.map(reader));
    expect(readMany).toHaveBeenCalledTimes(1);
    expect(readMany).toHaveBeenCalledWith(asked);
    expect(pages.map((page) => page.position)).toEqual(['1:1', '1:2', '1:3']);
    expect(read).not.toHaveBeenCalled();

    const alone = await reader({ maxCount: 10, after: '2:1' as ReadAllOptions['after'] } as ReadAllOptions);
    expect(alone.position).toBe('2:1');
    expect(read).toHaveBeenCalledTimes(1);
    expect(readMany).toHaveBeenCalledTimes(1);
  });

  it('fails every read of a batch whose statement fails', async () => {
    const reader = createCoalescedReader(
      async (options) => pageFor(options),
      async () => {
        throw new Error('connection lost');
      },
    );
    const results = await Promise.allSettled([reader({ maxCount: 1 }), reader({ maxCount: 2 })]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
