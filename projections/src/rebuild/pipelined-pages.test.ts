import type { RecordedEvent } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { type ApplyPage, pipelinedPages } from './pipelined-pages';

const page = (type: string): readonly RecordedEvent[] => [
  {
    id: type,
    type,
    data: {},
    metadata: {},
    streamId: 's',
    streamRevision: 0,
    globalPosition: 0n,
    recordedAt: new Date(0),
  } as unknown as RecordedEvent,
];

const deferred = () => {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};

/**
 * A fake transaction per page, driven by the test: `work` (the fold) resolves when the test says, then `beforeSend`,
 * then the commit when the test says. The log says in which order things happened.
 */
const fakePages = () => {
  const log: string[] = [];
  const pages = new Map<
    string,
    { work: ReturnType<typeof deferred>; commit: ReturnType<typeof deferred>; sent: boolean }
  >();
  const control = (name: string) => {
    let found = pages.get(name);
    if (!found) {
      found = { work: deferred(), commit: deferred(), sent: false };
      pages.set(name, found);
    }
    return found;
  };
  const apply: ApplyPage = async ([event], beforeSend) => {
    const name = event?.type ?? '?';
    const { work, commit } = control(name);
    log.push(`start ${name}`);
    await work.promise;
    await beforeSend();
    control(name).sent = true;
    log.push(`sent ${name}`);
    await commit.promise;
    log.push(`commit ${name}`);
  };
  return { log, apply, control };
};

/** Lets every promise callback that can run, run (a condition, not a duration: the microtask queue drains). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('pipelinedPages', () => {
  it('starts the next page while the last one is written, sends it only after that commit, commits in order', async () => {
    const { log, apply, control } = fakePages();
    const committed: string[] = [];
    const pages = pipelinedPages(apply, () => true);

    const first = pages.add(page('p1'), () => committed.push('p1'));
    control('p1').work.resolve();
    await first; // p1's write went
    const second = pages.add(page('p2'), () => committed.push('p2'));
    control('p2').work.resolve(); // p2 folded while p1 is still uncommitted
    await settle();
    expect(log).toEqual(['start p1', 'sent p1', 'start p2']);
    expect(control('p2').sent).toBe(false); // held back: p1 has not committed

    control('p1').commit.resolve();
    await second;
    expect(log).toEqual(['start p1', 'sent p1', 'start p2', 'commit p1', 'sent p2']);
    expect(committed).toEqual(['p1']);

    const drained = pages.drain();
    control('p2').commit.resolve();
    await drained;
    expect(committed).toEqual(['p1', 'p2']);
  });

  it('starts a page that does not overlap the last one only after its commit', async () => {
    const { log, apply, control } = fakePages();
    const pages = pipelinedPages(apply, (_previous, next) => next[0]?.type !== 'snapshot');
    control('p1').work.resolve();
    await pages.add(page('p1'), () => undefined);
    control('snapshot').work.resolve();
    const second = pages.add(page('snapshot'), () => undefined);
    await settle();
    expect(log).toEqual(['start p1', 'sent p1']);
    control('p1').commit.resolve();
    await second;
    expect(log).toEqual(['start p1', 'sent p1', 'commit p1', 'start snapshot', 'sent snapshot']);
    control('snapshot').commit.resolve();
    await pages.drain();
  });

  it('never sends the page after a page whose write failed, and rejects with that failure', async () => {
    const { log, apply, control } = fakePages();
    const pages = pipelinedPages(apply, () => true);
    control('p1').work.resolve();
    await pages.add(page('p1'), () => undefined);
    control('p2').work.resolve();
    const second = pages.add(page('p2'), () => undefined);
    const failure = new Error('p1 could not be written');
    control('p1').commit.reject(failure);
    await expect(second).rejects.toBe(failure);
    expect(log).toEqual(['start p1', 'sent p1', 'start p2']);
    expect(control('p2').sent).toBe(false);
  });

  it('after a page fails in its fold, rejects only once the page being written has settled', async () => {
    const { apply, control } = fakePages();
    const pages = pipelinedPages(apply, () => true);
    control('p1').work.resolve();
    await pages.add(page('p1'), () => undefined);
    const failure = new Error('p2 could not be folded');
    control('p2').work.reject(failure);
    let rejected = false;
    const second = pages
      .add(page('p2'), () => undefined)
      .catch((error: unknown) => {
        rejected = true;
        throw error;
      });
    await settle();
    expect(rejected).toBe(false); // p1 is still being written: the caller must not clean up under it
    control('p1').commit.resolve();
    await expect(second).rejects.toBe(failure);
  });

  it('answers drain with the last page’s failure', async () => {
    const { apply, control } = fakePages();
    const pages = pipelinedPages(apply, () => true);
    control('p1').work.resolve();
    await pages.add(page('p1'), () => undefined);
    const failure = new Error('commit failed');
    control('p1').commit.reject(failure);
    await expect(pages.drain()).rejects.toBe(failure);
  });
});
