import type { DriverQueryResult } from '@slonik/driver';

/*
 * Fewer round trips per transaction on a PostgreSQL server (issue 28, "pipeline the transaction's statements"). Each
 * statement sent on its own costs a round trip and a `writev` system call; on this machine a `writev` alone measured
 * about 45 µs, and a command's transaction sent 5 of them (START, append, derivation inputs, write, COMMIT).
 *
 * - `START TRANSACTION` is held until the transaction's first statement and written with it (one `writev`, one
 *   round trip); a transaction that sends nothing sends neither it nor its end. Starting a transaction fails only
 *   with the connection, which fails the statement behind it too.
 * - A statement that begins with COMMIT_AFTER is written together with the `COMMIT` that ends its transaction: the
 *   caller promises to send nothing more in that transaction. Its COMMIT is answered then; the one slonik sends once
 *   the transaction's callback returns (or the ROLLBACK, if the statement or the commit failed) is answered without
 *   being sent. Anything else sent before that COMMIT or ROLLBACK is refused, loudly: it would run outside the
 *   transaction. A driver without this wrapper (PGlite, in process: no system call to save) runs the statement as
 *   any other, and slonik's COMMIT commits.
 *
 * node-postgres must be in pipeline mode (it then writes a statement without waiting for the previous one's answer).
 */
export const COMMIT_AFTER = '/* etf:commit-after */';

type Send = (text: string, values?: readonly unknown[]) => Promise<DriverQueryResult>;
type Corkable = { cork(): void; uncork(): void };

const START = 'START TRANSACTION';

// slonik reads nothing of what START, COMMIT and ROLLBACK answer.
const answered = (): DriverQueryResult => ({
  command: 'SELECT',
  fields: [],
  rowCount: 0,
  rows: [],
});

export class StatementAfterCommitError extends Error {
  constructor(text: string) {
    super(
      `"${text.slice(0, 80)}" was sent after a statement marked to commit its transaction; it would run outside it`,
    );
  }
}

/** Sends the statements in one write of the socket, then waits for all their answers; the first failure throws. */
const together = async (stream: () => Corkable, sends: readonly (() => Promise<DriverQueryResult>)[]) => {
  const socket = stream();
  socket.cork();
  let pending: Promise<DriverQueryResult>[];
  try {
    pending = sends.map((send) => send());
  } finally {
    socket.uncork();
  }
  const settled = await Promise.allSettled(pending);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<DriverQueryResult>).value);
};

/**
 * Wraps one connection's `send` (it must write synchronously on the call, as node-postgres in pipeline mode does).
 * `stream` gives the connection's socket.
 */
export const pipelinedTransactions = (send: Send, stream: () => Corkable): Send => {
  let held = false;
  let committed = false;

  return async (text, values) => {
    if (committed) {
      committed = false;
      if (text === 'COMMIT' || text === 'ROLLBACK') return answered();
      throw new StatementAfterCommitError(text);
    }
    if (text === START) {
      held = true;
      return answered();
    }
    // A transaction that sent nothing has nothing to end.
    if (held && (text === 'COMMIT' || text === 'ROLLBACK')) {
      held = false;
      return answered();
    }
    const begin = held ? [() => send(START)] : [];
    held = false;
    if (text.startsWith(COMMIT_AFTER)) {
      // The transaction is over whatever the answers: PostgreSQL answers a COMMIT of a failed transaction with
      // ROLLBACK, and a COMMIT that fails ends it too.
      committed = true;
      const answers = await together(stream, [...begin, () => send(text, values), () => send('COMMIT')]);
      const commit = answers.at(-1) as DriverQueryResult;
      if ((commit.command as string) !== 'COMMIT') throw new Error(`COMMIT was answered ${commit.command}`);
      return answers.at(-2) as DriverQueryResult;
    }
    if (begin.length === 0) return send(text, values);
    return (await together(stream, [...begin, () => send(text, values)])).at(-1) as DriverQueryResult;
  };
};
