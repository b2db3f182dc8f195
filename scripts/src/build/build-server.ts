/**
 * Compiles the server and the operator command lines to plain JavaScript that `node` runs without tsx (build.ts
 * is the command line). Each entry is bundled with esbuild: the workspaces' TypeScript (core, projections, api, scripts) is compiled into
 * it, every package from node_modules stays an ordinary import. The sources keep finding their files next to them
 * (SQL migrations, the bundled market data, web/dist) because each `import.meta.url` is rewritten to the URL of the
 * source file it was written in, relative to the bundle, so a moved checkout still works.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Entry (relative to the repository) → bundle (relative to the repository). */
export const serverEntries: Readonly<Record<string, string>> = {
  'api/src/server.ts': 'api/dist/server.js',
  'scripts/src/migrate.ts': 'scripts/dist/migrate.js',
  'scripts/src/rebuild-projections.ts': 'scripts/dist/rebuild-projections.js',
  'scripts/src/market-import.ts': 'scripts/dist/market-import.js',
  'scripts/src/market-refresh.ts': 'scripts/dist/market-refresh.js',
  'scripts/src/tracking-replay.ts': 'scripts/dist/tracking-replay.js',
  'scripts/src/seed-demo.ts': 'scripts/dist/seed-demo.js',
};

/** Folders whose changes make the bundles stale (the web app has its own build). */
export const serverSourceDirs = ['core/src', 'projections/src', 'api/src', 'scripts/src'];

const workspacePackage = /^@etf-replicator\//;

/** Everything imported by a bare name stays external, except our own workspaces, which are compiled in. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      workspacePackage.test(args.path) || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** Rewrites `import.meta.url` in our sources to the source file's own location. */
const keepSourceLocations = (outFile: string): Plugin => ({
  name: 'keep-source-locations',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return { contents: source, loader: 'ts' };
      const relative = path.relative(path.dirname(outFile), args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      if (/import\.meta\.(dirname|filename)/.test(source)) {
        return { errors: [{ text: 'use import.meta.url (the bundler keeps it pointing at this file)' }] };
      }
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
});

/** Bundles each entry (default: all of `serverEntries`); paths are relative to `root`. Returns the outputs written. */
export const buildServer = async ({
  root = repoRoot,
  entries = serverEntries,
}: {
  root?: string;
  entries?: Readonly<Record<string, string>>;
} = {}): Promise<string[]> => {
  const written: string[] = [];
  for (const [entry, output] of Object.entries(entries)) {
    const outFile = path.join(root, output);
    await build({
      absWorkingDir: root,
      entryPoints: [path.join(root, entry)],
      outfile: outFile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [externalPackages, keepSourceLocations(outFile)],
    });
    written.push(output);
  }
  return written;
};
