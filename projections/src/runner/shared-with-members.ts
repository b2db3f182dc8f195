import type { AsyncLocalStorage } from 'node:async_hooks';

/*
 * An appender may apply the inline projectors once for a whole group of appends (issue 28: one statement for the
 * group's writes instead of one per append), in one async context rather than each append's own. What a projector
 * hands back to the command that caused it through an AsyncLocalStorage map (the views it derived) is registered
 * here: `runJointly` gives each registered storage one map for the joint application, and `shareInto`, called in a
 * member's own context, copies what was recorded into that member's map. Keys are per entity (a tracking id), so a
 * member reads its own entries; entries of the group's other members are ignored.
 */
type SharedMap = AsyncLocalStorage<Map<unknown, unknown>>;
const shared = new Set<SharedMap>();

/** Registers a storage whose map a joint application fills for every member (call once, at module load). */
export const shareWithMembers = <K, V>(storage: AsyncLocalStorage<Map<K, V>>): void => {
  shared.add(storage as unknown as SharedMap);
};

export type JointRun<T> = {
  readonly result: T;
  /** Copies what the joint application recorded into the current context's maps (run it in each member's). */
  readonly shareInto: () => void;
};

/** Runs `work` with a fresh map in every registered storage. */
export const runJointly = async <T>(work: () => Promise<T>): Promise<JointRun<T>> => {
  const storages = [...shared];
  const maps = storages.map(() => new Map<unknown, unknown>());
  const inAll = storages.reduceRight<() => Promise<T>>(
    (inner, storage, index) => () => storage.run(maps[index] as Map<unknown, unknown>, inner),
    work,
  );
  const result = await inAll();
  return {
    result,
    shareInto: () =>
      storages.forEach((storage, index) => {
        const own = storage.getStore();
        if (own) for (const [key, value] of maps[index] as Map<unknown, unknown>) own.set(key, value);
      }),
  };
};
