import { type DatabaseTransactionConnection, type FragmentSqlToken, sql } from 'slonik';

/**
 * A projector's write as data (issue 28 item 1): the named CTEs it needs (data-modifying ones included) and its
 * final statement (an insert, update or delete without WITH). Inside a deferral scope (an inline append) the writes
 * of every projector are sent together as ONE statement when the scope ends; elsewhere (the asynchronous runner, a
 * rebuild) a write runs at once, as the single statement it always was.
 *
 * All the writes of one statement see the same snapshot and none sees another's rows: a projector may defer a
 * write only to tables no other deferred write of the scope touches, and must not read back what it deferred.
 */
export type DeferrableWrite = {
  readonly ctes: readonly (readonly [name: string, body: FragmentSqlToken])[];
  readonly statement: FragmentSqlToken;
};

const scopes = new WeakMap<DatabaseTransactionConnection, DeferrableWrite[]>();

/** The writes as one statement: every CTE, every statement but the last as a CTE of its own, the last at the end. */
export const combinedStatement = (writes: readonly DeferrableWrite[]): FragmentSqlToken => {
  const ctes = writes.flatMap((write) => write.ctes);
  const leading = writes
    .slice(0, -1)
    .map((write, index) => [`deferred_write_${index}`, write.statement] as const);
  const names = [...ctes, ...leading].map(([name]) => name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new Error(`Two deferred writes name the CTE "${repeated}"`);
  const last = writes.at(-1);
  if (!last) throw new RangeError('combinedStatement needs at least one write');
  const all = [...ctes, ...leading];
  if (all.length === 0) return last.statement;
  return sql.fragment`with ${sql.join(
    all.map(([name, body]) => sql.fragment`${sql.identifier([name])} as (${body})`),
    sql.fragment`, `,
  )} ${last.statement}`;
};

/** Runs the write now, whatever the scope. */
export const runWrite = async (tx: DatabaseTransactionConnection, write: DeferrableWrite): Promise<void> => {
  await tx.query(sql.unsafe`${combinedStatement([write])}`);
};

/** Queues the write when a deferral scope is open on this connection, else runs it now. */
export const deferWrite = async (
  tx: DatabaseTransactionConnection,
  write: DeferrableWrite,
): Promise<void> => {
  const queued = scopes.get(tx);
  if (queued) queued.push(write);
  else await runWrite(tx, write);
};

/**
 * Runs `work` with a deferral scope open on `tx`, then sends what it deferred as one statement. A throw discards the
 * queued writes (the caller's transaction is failing anyway). Scopes do not nest.
 *
 * `lastInTransaction`: the caller sends nothing more in `tx`'s transaction and returns from it without throwing, so
 * the statement may carry its transaction's COMMIT (pipelined-transactions.ts; the server's driver saves a round
 * trip, others commit as usual).
 *
 * `beforeSend`: awaited once the work is done, right before the statement goes (a rebuild holds a page's write back
 * until the page before it has committed, pipelined-pages.ts); a throw discards the writes like the work's own.
 */
export const withDeferredWrites = async <T>(
  tx: DatabaseTransactionConnection,
  work: () => Promise<T>,
  {
    lastInTransaction = false,
    beforeSend,
  }: { readonly lastInTransaction?: boolean; readonly beforeSend?: () => Promise<void> } = {},
): Promise<T> => {
  if (scopes.has(tx)) throw new Error('A deferral scope is already open on this connection');
  const queued: DeferrableWrite[] = [];
  scopes.set(tx, queued);
  try {
    const result = await work();
    scopes.delete(tx);
    await beforeSend?.();
    if (queued.length > 0) {
      const statement = combinedStatement(queued);
      // The marker is COMMIT_AFTER (a template's text: slonik would make an interpolated string a parameter).
      await tx.query(
        lastInTransaction ? sql.unsafe`/* etf:commit-after */ ${statement}` : sql.unsafe`${statement}`,
      );
    }
    return result;
  } finally {
    scopes.delete(tx);
  }
};
