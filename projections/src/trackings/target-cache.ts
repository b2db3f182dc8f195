import type { Replication } from '@etf-replicator/core';

/**
 * The engine's output for one set of inputs. The engine is pure and deterministic, so a target depends only on the
 * snapshot (by event id), the amount, N and the share increment: recording an order, which changes none of them,
 * reuses the target instead of running the engine again, and a replay derives each distinct target once.
 * Bounded (least recently used out first), per process; it is an optimisation only, never a source of truth.
 */
export const createTargetCache = (capacity = 2_000) => {
  const entries = new Map<string, Replication>();
  return {
    getOrCompute(key: string, compute: () => Replication): Replication {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const value = compute();
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
};

export const targetCache = createTargetCache();
