import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Work that may only happen once the append's transaction has committed (issue 28 item 1): an inline projector
 * remembering what it wrote, so that the next command on the same stream need not read it back. The appender runs
 * each member's inline projections inside `collectCommitHooks` and calls the hooks only when that member's writes
 * committed; a rolled-back member's hooks are dropped. Outside an append (rebuilds, the async runner) there is no
 * collector: `afterCommit` answers false and nothing is remembered.
 */
const collector = new AsyncLocalStorage<(() => void)[]>();

/** Runs `fn` collecting the hooks it registers into `hooks` (called by the caller after its commit). */
export const collectCommitHooks = <T>(hooks: (() => void)[], fn: () => Promise<T>): Promise<T> =>
  collector.run(hooks, fn);

/** Registers `hook` to run after the enclosing append commits; false when no append collects hooks here. */
export const afterCommit = (hook: () => void): boolean => {
  const hooks = collector.getStore();
  if (!hooks) return false;
  hooks.push(hook);
  return true;
};

/** Whether the caller runs inside an append that collects commit hooks (the inline path). */
export const collectingCommitHooks = (): boolean => collector.getStore() !== undefined;
