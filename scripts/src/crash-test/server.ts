import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer, repoRoot } from '../build/build-server';
import { isStale } from '../build/freshness';

const ENTRY = { 'api/src/server.ts': 'api/dist/server.js' };

/** Compiles the server as `npm start` runs it, when its bundle is missing or older than the sources. */
export const buildServerIfNeeded = async () => {
  const sources = ['core/src', 'projections/src', 'api/src', 'package-lock.json'];
  const inRepo = (paths: readonly string[]) => paths.map((p) => path.join(repoRoot, p));
  if (await isStale(inRepo(Object.values(ENTRY)), inRepo(sources))) await buildServer({ entries: ENTRY });
};

/**
 * The server as its own process on one port and one data store, which the test kills with SIGKILL and starts again
 * over the same data. Its log output is dropped (errors still reach stderr).
 */
export const crashableServer = (env: Record<string, string>, port: number) => {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const base = `http://127.0.0.1:${port}`;

  const start = async (): Promise<number> => {
    const started = performance.now();
    const process_ = spawn(process.execPath, ['api/dist/server.js'], {
      cwd: repoRoot,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child = process_;
    exited = new Promise((resolve) => process_.once('exit', () => resolve()));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (process_.exitCode !== null)
        throw new Error(`The server exited with ${process_.exitCode} while starting`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) {
        process_.kill('SIGKILL');
        throw new Error('The server did not become healthy within 120 s');
      }
      await sleep(100);
    }
    return performance.now() - started;
  };

  return {
    base,
    start,
    kill: async () => {
      child?.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child && child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
};
export type CrashableServer = ReturnType<typeof crashableServer>;
