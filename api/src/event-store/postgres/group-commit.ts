import { AsyncResource } from 'node:async_hooks';

/**
 * Group commit (issue 28 item 2): work that arrives while a commit is in flight waits and goes into the next batch,
 * so one transaction (one commit, one WAL flush, one notification) carries many appends. At most `maxInFlight`
 * batches run at once: 1 on PGlite (one connection: everything that queues behind a commit is batched), a few on
 * a server so that its connections keep working in parallel.
 *
 * `commit` gets each member's own async context back through `inContext` (the request's AsyncLocalStorage, e.g. the
 * views an inline projector reports to the command that caused them), since the batch runs in the leader's.
 */
export type Member<Work, Result> = {
  readonly work: Work;
  readonly inContext: <T>(fn: () => T) => T;
  readonly settle: (outcome: { ok: true; value: Result } | { ok: false; error: unknown }) => void;
};

export type GroupCommitOptions<Work, Result> = {
  readonly maxInFlight: number;
  /** Upper bound on the members of one batch (keeps a transaction short). */
  readonly maxBatch: number;
  /** Whether `next` may join a batch already holding `taken` (e.g. no event id in common). */
  readonly canJoin: (taken: readonly Work[], next: Work) => boolean;
  /** Commits the batch and settles every member (success or its own failure); a throw fails the whole batch. */
  readonly commit: (members: readonly Member<Work, Result>[]) => Promise<void>;
};

export const createGroupCommit = <Work, Result>({
  maxInFlight,
  maxBatch,
  canJoin,
  commit,
}: GroupCommitOptions<Work, Result>) => {
  const queue: Member<Work, Result>[] = [];
  let inFlight = 0;

  const takeBatch = () => {
    const batch: Member<Work, Result>[] = [];
    for (let index = 0; index < queue.length && batch.length < maxBatch; ) {
      const member = queue[index] as Member<Work, Result>;
      if (
        batch.length === 0 ||
        canJoin(
          batch.map((taken) => taken.work),
          member.work,
        )
      ) {
        batch.push(member);
        queue.splice(index, 1);
      } else index++;
    }
    return batch;
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      inFlight++;
      void commit(batch)
        .catch((error: unknown) => {
          for (const member of batch) member.settle({ ok: false, error });
        })
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };

  return {
    submit: (work: Work): Promise<Result> =>
      new Promise<Result>((resolve, reject) => {
        queue.push({
          work,
          inContext: AsyncResource.bind(<T>(fn: () => T): T => fn()),
          settle: (outcome) => (outcome.ok ? resolve(outcome.value) : reject(outcome.error)),
        });
        pump();
      }),
  };
};
