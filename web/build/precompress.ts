import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser downloads; source maps are left alone (never sent to browsers in production). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
export const MIN_BYTES = 1024;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
};

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every compressible file of at least
 * MIN_BYTES in `dir`, each only when it is smaller than the file. Answers the files it wrote. The server sends them
 * to browsers that accept the encoding (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
export const precompressDirectory = async (dir: string): Promise<string[]> => {
  const written: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    const variants: [string, Buffer][] = [
      [
        `${file}.br`,
        await brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ],
      [`${file}.gz`, await gz(content, { level: constants.Z_BEST_COMPRESSION })],
    ];
    for (const [target, compressed] of variants) {
      if (compressed.length >= content.length) continue;
      await writeFile(target, compressed);
      written.push(target);
    }
  }
  return written;
};

/** Issue 15: the 293 KB main script went out uncompressed; the build now emits .br and .gz copies of its text. */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'etf-replicator:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
};
