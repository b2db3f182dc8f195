import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, webRoot } from './paths';

export const ADMIN = { email: 'e2e-admin@example.com', password: 'Admin1234!' };

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/**
 * Builds the web app into `outDir`. Each run builds into its own folder: the server only serves the files present
 * when it starts, so a shared `web/dist` rebuilt by a concurrent run would break this run's pages.
 */
export const buildWeb = (outDir = path.join(webRoot, 'dist')): void => {
  // Vitest sets NODE_ENV=test, which would make Vite build the development bundle.
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', 'web', '--', '--outDir', outDir], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('npm run build -w web failed');
};

const waitForHealth = async (baseUrl: string, server: ChildProcess, output: () => string): Promise<void> => {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy in time:\n${output()}`);
};

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

/** The real server (`tsx api/src/server.ts`) on a free port with a fresh embedded store and the dev mailbox. */
export const startServer = async (
  webDistDir = path.join(webRoot, 'dist'),
  /** More environment (e.g. FMP_API_KEY and FMP_BASE_URL of a stand-in), applied last. */
  env: Record<string, string> = {},
): Promise<RunningServer> => {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'etf-replicator-e2e-'));
  const server = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_APP_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: 'warn',
      // The suite's clients say who they are in X-Forwarded-For (support/client-address.ts).
      TRUST_PROXY: 'loopback',
      // A loaded CI machine can keep a projection more than the default 2 s behind a command it just answered.
      READ_YOUR_WRITES_WAIT_MS: '15000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Embedded store and the outbox mailer, whatever the calling shell has configured.
      DATABASE_URL: '',
      EVENTSTORE_URL: '',
      POSTMARK_SERVER_TOKEN: '',
      JWT_SECRET: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      FMP_API_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (error) {
    server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** Whether the accounts API is there (it answers a bad registration with 400, not the 404 of an unknown route). */
export const hasAccountsApi = async (baseUrl: string): Promise<boolean> => {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return response.status !== 404;
};
