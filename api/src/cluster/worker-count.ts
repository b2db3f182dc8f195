import type { AppConfig } from '../config';

export type WorkerPlan = {
  readonly workers: number;
  /** Why the number differs from what was asked for, when it does. */
  readonly note?: string;
};

/**
 * How many server processes to run: WEB_CONCURRENCY, or one per core. The embedded database (PGlite) is a folder
 * that only one process may open, so it always runs one; several processes need DATABASE_URL.
 */
export const planWorkers = (
  config: Pick<AppConfig, 'WEB_CONCURRENCY' | 'readModels'>,
  cores: number,
): WorkerPlan => {
  const wanted = config.WEB_CONCURRENCY ?? Math.max(1, cores);
  if (config.readModels.kind === 'pglite' && wanted > 1) {
    return {
      workers: 1,
      note:
        config.WEB_CONCURRENCY === undefined
          ? undefined
          : `WEB_CONCURRENCY=${wanted} is ignored: the embedded database lives in one process (set DATABASE_URL to run several)`,
    };
  }
  return { workers: wanted };
};
