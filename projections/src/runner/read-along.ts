import { type DatabaseTransactionConnection, type FragmentSqlToken, sql } from 'slonik';

/*
 * A read an inline projector sends along with the append it projects (issue 28: one round trip fewer per command).
 * Before the append, the projector names what it expects to read (`Projector.readAlong`: a jsonb expression); the
 * append's statement evaluates it beside `es_append` and hands the value back here, where the projector finds it
 * while it applies the append's events, in the same transaction. It sees what was committed when the append's
 * statement started, as a read of its own right after the append would (nothing of this transaction's own writes
 * is in the tables such a read reads: the append writes the log only). It is a guess made before the events are
 * folded: the projector reads what the guess left out as before.
 */

const results = new WeakMap<DatabaseTransactionConnection, ReadonlyMap<string, unknown>>();

/** Runs `work` with the read-along values (by projector name) of the append it projects on `tx`. */
export const withReadAlong = async <T>(
  tx: DatabaseTransactionConnection,
  values: ReadonlyMap<string, unknown> | undefined,
  work: () => Promise<T>,
): Promise<T> => {
  if (!values || values.size === 0) return work();
  results.set(tx, values);
  try {
    return await work();
  } finally {
    results.delete(tx);
  }
};

/** The value of `projector`'s read along the append being projected on `tx`, if it asked for one. */
export const readAlongOf = (tx: DatabaseTransactionConnection, projector: string): unknown =>
  results.get(tx)?.get(projector);

/**
 * The reads of the projectors of one append as ONE jsonb expression, an object keyed by projector name (undefined:
 * none asked); `readAlongValues` takes the value the statement gave back apart again.
 */
export const readAlongColumn = (
  reads: readonly (readonly [projector: string, read: FragmentSqlToken])[],
): FragmentSqlToken | undefined =>
  reads.length === 0
    ? undefined
    : sql.fragment`jsonb_build_object(${sql.join(
        reads.map(([name, read]) => sql.fragment`${name}::text, (${read})`),
        sql.fragment`, `,
      )})`;

export const readAlongValues = (value: unknown): ReadonlyMap<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? new Map(Object.entries(value as Record<string, unknown>))
    : undefined;
