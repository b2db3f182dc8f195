/**
 * The production build: the web app (Vite) into web/dist, then the server and operator command lines (esbuild) into
 * api/dist and scripts/dist, which plain `node` runs.
 *   npm run build            builds everything
 *   npm start                runs this with --if-needed first: it builds only what is missing or older than its sources
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServer, repoRoot, serverEntries, serverSourceDirs } from './build-server';
import { isStale } from './freshness';

const webSources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/build',
  'core/src',
  'package-lock.json',
];
const inRepo = (paths: readonly string[]) => paths.map((p) => path.join(repoRoot, p));

const buildWeb = () => {
  // A caller's NODE_ENV=test or development would make Vite emit its development bundle.
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', 'web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('npm run build -w web failed');
};

const main = async () => {
  const ifNeeded = process.argv.includes('--if-needed');
  const webStale = !ifNeeded || (await isStale(inRepo(['web/dist/index.html']), inRepo(webSources)));
  const serverStale =
    !ifNeeded ||
    (await isStale(inRepo(Object.values(serverEntries)), inRepo([...serverSourceDirs, 'package-lock.json'])));
  if (webStale) buildWeb();
  if (serverStale) {
    const started = Date.now();
    const written = await buildServer();
    console.log(
      `Compiled ${written.length} server entries in ${Date.now() - started} ms (${written.join(', ')})`,
    );
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
