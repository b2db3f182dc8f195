import { describe, expect, it } from 'vitest';
import { planWorkers } from './worker-count';

const server = { kind: 'postgres', url: 'postgres://db/app' } as const;
const embedded = { kind: 'pglite', dataDir: '/data/pglite' } as const;

describe('planWorkers', () => {
  it('runs one process per core on a PostgreSQL server by default', () => {
    expect(planWorkers({ WEB_CONCURRENCY: undefined, readModels: server }, 4)).toEqual({ workers: 4 });
  });

  it('runs the number asked for', () => {
    expect(planWorkers({ WEB_CONCURRENCY: 3, readModels: server }, 8)).toEqual({ workers: 3 });
    expect(planWorkers({ WEB_CONCURRENCY: 1, readModels: server }, 8)).toEqual({ workers: 1 });
  });

  it('never runs fewer than one process, even when the core count is unknown', () => {
    expect(planWorkers({ WEB_CONCURRENCY: undefined, readModels: server }, 0)).toEqual({ workers: 1 });
  });

  it('keeps the embedded database in one process, silently by default and with a note when asked for more', () => {
    expect(planWorkers({ WEB_CONCURRENCY: undefined, readModels: embedded }, 4)).toEqual({
      workers: 1,
      note: undefined,
    });
    expect(planWorkers({ WEB_CONCURRENCY: 4, readModels: embedded }, 2)).toEqual({
      workers: 1,
      note: 'WEB_CONCURRENCY=4 is ignored: the embedded database lives in one process (set DATABASE_URL to run several)',
    });
  });
});
