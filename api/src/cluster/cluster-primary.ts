import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { answerMetricsRequests } from './cluster-metrics';
import { relaySiblingMessages } from './sibling-channel';

export type PrimaryOptions = {
  readonly workers: number;
  readonly logger: Logger;
  /** Added to every worker's environment (one JWT secret for all of them when none is configured). */
  readonly env: Record<string, string>;
};

/** A worker that died sooner than this after it started listening counts as failing to start. */
const HEALTHY_AFTER_MS = 30_000;
const MAX_RESTART_DELAY_MS = 30_000;

const listeningOf = (worker: Worker) =>
  new Promise<void>((resolve, reject) => {
    const failed = (code: number | null, signal: string | null) =>
      reject(
        new Error(`server process ${worker.id} exited before listening (code ${code}, signal ${signal})`),
      );
    worker.once('exit', failed);
    worker.once('listening', () => {
      worker.off('exit', failed);
      resolve();
    });
  });

/**
 * The primary process of `WEB_CONCURRENCY` > 1: it serves nothing itself. The first worker starts alone (it runs the
 * start-up import and seeding), the others once it listens, so that start-up work never races itself. A worker that
 * fails during that start stops everything (exit status 1, as a single process would). Later, a worker that dies is
 * replaced, after a growing pause while replacements keep dying early (a database that is down). SIGTERM or SIGINT
 * stops every worker gracefully, then the primary.
 */
export const runPrimary = async ({ workers, logger, env }: PrimaryOptions): Promise<void> => {
  let started = false;
  let stopping = false;
  let failuresInARow = 0;
  const listeningSince = new Map<Worker, number>();
  answerMetricsRequests();
  relaySiblingMessages();

  const fork = () => {
    const worker = cluster.fork(env);
    worker.once('listening', () => listeningSince.set(worker, Date.now()));
    return worker;
  };
  const stopWorkers = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };

  cluster.on('exit', (dead, code, signal) => {
    const since = listeningSince.get(dead);
    listeningSince.delete(dead);
    if (stopping || !started) return;
    failuresInARow = since !== undefined && Date.now() - since >= HEALTHY_AFTER_MS ? 0 : failuresInARow + 1;
    const delay = failuresInARow === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (failuresInARow - 1));
    logger.error(
      { worker: dead.id, code, signal, restartInMs: delay },
      'a server process died; starting another',
    );
    setTimeout(() => {
      if (stopping) return;
      const replacement = fork();
      replacement.once('listening', () =>
        logger.info({ worker: replacement.id }, 'a replacement server process is listening'),
      );
    }, delay).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal, workers: Object.keys(cluster.workers ?? {}).length },
      'stopping the server processes',
    );
    stopWorkers();
    const exitWhenAllGone = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    };
    cluster.on('exit', exitWhenAllGone);
    exitWhenAllGone();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  try {
    await listeningOf(fork());
    await Promise.all(Array.from({ length: workers - 1 }, () => listeningOf(fork())));
  } catch (error) {
    if (stopping) return;
    logger.error({ err: error }, 'a server process failed to start; stopping');
    stopping = true;
    stopWorkers();
    process.exitCode = 1;
    return;
  }
  started = true;
  logger.info({ workers }, 'all server processes are listening');
};
