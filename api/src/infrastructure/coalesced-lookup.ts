/**
 * Lookups by key coalesced into few calls of a batch loader (e.g. one statement with `= any($1)` instead of one per
 * request). Calls start at the end of the event loop's current turn (setImmediate: after the requests that arrived
 * together were read, which adds no wait to a lone request) while fewer than `concurrency` run; keys asked
 * meanwhile wait for a call to end and go together in the next one, at most `maxBatch` keys each. The embedded
 * database answers within the turn (its statements block the process), so only the end of the turn gathers its
 * requests.
 *
 * Every call starts after each key it serves was asked, so it reads what was committed before the ask: a lookup is
 * exactly as fresh as a query of its own sent at that moment (read-your-writes holds). A failed call fails the
 * lookups it served, and only those.
 */
export type CoalescedLookup<V> = (key: string) => Promise<V | undefined>;

type Waiter<V> = {
  readonly resolve: (value: V | undefined) => void;
  readonly reject: (error: unknown) => void;
};

export const coalesceLookups = <V>(
  load: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
  { concurrency = 1, maxBatch = 500 }: { concurrency?: number; maxBatch?: number } = {},
): CoalescedLookup<V> => {
  let waiting = new Map<string, Waiter<V>[]>();
  let running = 0;
  let scheduled = false;

  const start = () => {
    while (running < concurrency && waiting.size > 0) {
      const batch = new Map<string, Waiter<V>[]>();
      for (const [key, waiters] of waiting) {
        if (batch.size >= maxBatch) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) waiting.delete(key);
      if (waiting.size === 0) waiting = new Map(); // drop the deleted entries' storage
      running++;
      let call: Promise<ReadonlyMap<string, V>>;
      try {
        call = load([...batch.keys()]);
      } catch (error) {
        call = Promise.reject(error);
      }
      call
        .then(
          (found) => {
            for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
          },
          (error: unknown) => {
            for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
          },
        )
        .finally(() => {
          running--;
          schedule();
        });
    }
  };
  const schedule = () => {
    if (scheduled || waiting.size === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      start();
    });
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      schedule();
    });
};

/**
 * One lookup per owner (a database pool, an event store): made on first use and kept as long as the owner lives,
 * so that the requests of one app share their statements and no lookup serves another app's database (tests start
 * several apps in one process).
 */
export const lookupPerOwner = <O extends object, L>(create: (owner: O) => L): ((owner: O) => L) => {
  const made = new WeakMap<O, L>();
  return (owner) => {
    let lookup = made.get(owner);
    if (lookup === undefined) {
      lookup = create(owner);
      made.set(owner, lookup);
    }
    return lookup;
  };
};
