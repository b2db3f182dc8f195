import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { createGroupCommit, type Member } from './group-commit';

type Work = { readonly id: string; readonly key: string };

/** A commit the test finishes by hand, so what queues behind it is decided by the test, not by timing. */
const gatedCommits = () => {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  const commit = async (members: readonly Member<Work, string>[]) => {
    batches.push(members.map((member) => member.work.id));
    await new Promise<void>((release) => gates.push(release));
    for (const member of members) member.settle({ ok: true, value: `done ${member.work.id}` });
  };
  const releaseNext = () => gates.shift()?.();
  return { batches, commit, releaseNext };
};

const untilBatches = async (batches: readonly unknown[], count: number) => {
  while (batches.length < count) await new Promise((resolve) => setImmediate(resolve));
};

describe('createGroupCommit', () => {
  it('commits the first submission at once and everything that queued behind it as the next batch', async () => {
    const { batches, commit, releaseNext } = gatedCommits();
    const group = createGroupCommit<Work, string>({
      maxInFlight: 1,
      maxBatch: 10,
      canJoin: () => true,
      commit,
    });
    const answers = ['a', 'b', 'c', 'd'].map((id) => group.submit({ id, key: id }));
    expect(batches).toEqual([['a']]);
    releaseNext();
    await untilBatches(batches, 2);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    releaseNext();
    expect(await Promise.all(answers)).toEqual(['done a', 'done b', 'done c', 'done d']);
  });

  it('caps a batch at maxBatch and leaves out work that may not join, keeping arrival order', async () => {
    const { batches, commit, releaseNext } = gatedCommits();
    const group = createGroupCommit<Work, string>({
      maxInFlight: 1,
      maxBatch: 2,
      // Work with the same key (the same event ids) never shares a transaction.
      canJoin: (taken, next) => taken.every((work) => work.key !== next.key),
      commit,
    });
    const answers = [
      { id: 'first', key: 'x' },
      { id: 'p', key: 'k' },
      { id: 'q', key: 'k' },
      { id: 'r', key: 'r' },
      { id: 's', key: 's' },
    ].map((work) => group.submit(work));
    for (let committed = 1; committed <= 2; committed++) {
      releaseNext();
      await untilBatches(batches, committed + 1);
    }
    releaseNext();
    await Promise.all(answers);
    expect(batches).toEqual([['first'], ['p', 'r'], ['q', 's']]);
  });

  it('runs up to maxInFlight batches at once', async () => {
    const { batches, commit, releaseNext } = gatedCommits();
    const group = createGroupCommit<Work, string>({
      maxInFlight: 2,
      maxBatch: 10,
      canJoin: () => true,
      commit,
    });
    const answers = ['a', 'b', 'c'].map((id) => group.submit({ id, key: id }));
    expect(batches).toEqual([['a'], ['b']]);
    releaseNext();
    await untilBatches(batches, 3);
    expect(batches[2]).toEqual(['c']);
    releaseNext();
    releaseNext();
    await Promise.all(answers);
  });

  it("fails every member of a batch whose commit throws, and gives each member back its caller's context", async () => {
    const context = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const group = createGroupCommit<Work, string>({
      maxInFlight: 1,
      maxBatch: 10,
      canJoin: () => true,
      commit: async (members) => {
        for (const member of members) seen.push(member.inContext(() => context.getStore()));
        throw new Error('the database went away');
      },
    });
    const outcomes = await Promise.allSettled(
      ['one', 'two'].map((id) => context.run(`caller ${id}`, () => group.submit({ id, key: id }))),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(seen).toEqual(['caller one', 'caller two']);
  });
});
