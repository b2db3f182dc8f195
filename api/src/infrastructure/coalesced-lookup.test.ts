import { describe, expect, it } from 'vitest';
import { coalesceLookups, lookupPerOwner } from './coalesced-lookup';

/** A loader whose calls the test ends one by one; each call remembers the keys and the "database" it started on. */
const controlledLoader = () => {
  let database = 0;
  const calls: { keys: readonly string[]; database: number; end: (error?: Error) => void }[] = [];
  const load = (keys: readonly string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      const seen = database;
      calls.push({
        keys,
        database: seen,
        end: (error) =>
          error ? reject(error) : resolve(new Map(keys.map((key) => [key, `${key}@${seen}`]))),
      });
    });
  return { load, calls, commit: () => database++ };
};

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
/** Past the turn in which a call that ended (or a key asked) schedules the next call, and past that call's start. */
const settle = async () => {
  await nextTurn();
  await nextTurn();
};

describe('coalesceLookups', () => {
  it('starts a call for a lone lookup within the same turn of the event loop', async () => {
    const { load, calls } = controlledLoader();
    const lookup = coalesceLookups(load);
    const answer = lookup('a');
    expect(calls).toHaveLength(0);
    await settle();
    expect(calls.map((call) => call.keys)).toEqual([['a']]);
    calls[0]?.end();
    expect(await answer).toBe('a@0');
  });

  it('sends the keys asked in one turn together, and those asked during a call in the next one, each key once', async () => {
    const { load, calls } = controlledLoader();
    const lookup = coalesceLookups(load);
    const first = [lookup('a'), lookup('b')];
    await settle();
    const rest = [lookup('b'), lookup('c'), lookup('b')];
    await settle();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b']]);
    calls[0]?.end();
    expect(await Promise.all(first)).toEqual(['a@0', 'b@0']);
    await settle();
    expect(calls.map((call) => call.keys)).toEqual([
      ['a', 'b'],
      ['b', 'c'],
    ]);
    calls[1]?.end();
    expect(await Promise.all(rest)).toEqual(['b@0', 'c@0', 'b@0']);
  });

  it('never answers a lookup from a call that started before it was asked (read-your-writes)', async () => {
    const { load, calls, commit } = controlledLoader();
    const lookup = coalesceLookups(load);
    const before = lookup('a');
    await settle();
    commit(); // a write committed while the first call is running
    const after = lookup('a');
    calls[0]?.end();
    expect(await before).toBe('a@0');
    await settle();
    calls[1]?.end();
    expect(await after).toBe('a@1');
  });

  it('answers undefined for a key the loader did not find', async () => {
    const lookup = coalesceLookups(async () => new Map<string, string>());
    expect(await lookup('nobody')).toBeUndefined();
  });

  it('fails only the lookups of a failed call; the next call still runs', async () => {
    const { load, calls } = controlledLoader();
    const lookup = coalesceLookups(load);
    const failed = lookup('a');
    await settle();
    const next = lookup('b');
    calls[0]?.end(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await settle();
    calls[1]?.end();
    expect(await next).toBe('b@0');
  });

  it('fails the lookups of a loader that throws instead of rejecting', async () => {
    const lookup = coalesceLookups<string>(() => {
      throw new Error('bad statement');
    });
    await expect(lookup('a')).rejects.toThrow('bad statement');
    await expect(lookup('b')).rejects.toThrow('bad statement');
  });

  it('runs up to `concurrency` calls at once and at most `maxBatch` keys per call', async () => {
    const { load, calls } = controlledLoader();
    const lookup = coalesceLookups(load, { concurrency: 2, maxBatch: 2 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map(lookup);
    await settle();
    expect(calls.map((call) => call.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    calls[1]?.end();
    await settle();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    calls[0]?.end();
    calls[2]?.end();
    expect(await Promise.all(answers)).toEqual(['a@0', 'b@0', 'c@0', 'd@0', 'e@0']);
  });
});

describe('lookupPerOwner', () => {
  it("makes one lookup per owner, so that one owner's lookups never go to another's loader", async () => {
    const made: string[] = [];
    const lookupOf = lookupPerOwner((owner: { name: string }) => {
      made.push(owner.name);
      return coalesceLookups(async (keys) => new Map(keys.map((key) => [key, `${owner.name}:${key}`])));
    });
    const one = { name: 'one' };
    const two = { name: 'two' };
    expect(lookupOf(one)).toBe(lookupOf(one));
    expect(lookupOf(two)).not.toBe(lookupOf(one));
    expect(await Promise.all([lookupOf(one)('a'), lookupOf(two)('a')])).toEqual(['one:a', 'two:a']);
    expect(made).toEqual(['one', 'two']);
  });
});
