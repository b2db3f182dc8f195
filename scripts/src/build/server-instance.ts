import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { repoRoot } from './build-server';

/** A compiled API process (`node api/dist/…/server.js`, as `npm start` and the Docker image run it) for tests. */
export type Instance = {
  readonly name: string;
  readonly baseUrl: string;
  readonly process: ChildProcess;
  readonly output: () => string;
  readonly stop: () => Promise<void>;
};

export type InstanceSettings = {
  readonly admin: { readonly email: string; readonly password: string };
  readonly metricsToken: string;
  /** Omitted: each process picks its own secret (a cluster's primary shares one with its workers). */
  readonly jwtSecret?: string;
  readonly logLevel?: string;
  /** Anything else the process should see (WEB_CONCURRENCY, …). */
  readonly env?: Record<string, string>;
};

export const freePort = (): Promise<number> =>
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

/** Starts the bundle on one PostgreSQL server database and resolves once `/api/health/ready` answers 200. */
export const startInstance = async (
  name: string,
  bundle: string,
  databaseUrl: string,
  settings: InstanceSettings,
): Promise<Instance> => {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_APP_URL: baseUrl,
      LOG_LEVEL: settings.logLevel ?? 'warn',
      DATABASE_URL: databaseUrl,
      EVENTSTORE_URL: '',
      JWT_SECRET: settings.jwtSecret ?? '',
      METRICS_TOKEN: settings.metricsToken,
      ADMIN_EMAIL: settings.admin.email,
      ADMIN_PASSWORD: settings.admin.password,
      WEB_DIST_DIR: '/nonexistent',
      POSTMARK_SERVER_TOKEN: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      // Each simulated client sends its own X-Forwarded-For, as it would arrive through a proxy on this machine.
      TRUST_PROXY: 'loopback',
      ...settings.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not become ready in time:\n${log}`);
    }
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { name, baseUrl, process: child, output: () => log, stop };
};
