import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ETF Replicator</title></head>
<body><main><h1>ETF Replicator</h1><p>The web app has not been built yet. Run <code>npm start</code> (it builds it)
or <code>npm run build</code>. The API is available under <a href="/api/docs">/api/docs</a>.</p></main></body></html>`;

/** The build's precompressed copies (web/build/precompress.ts) of a file: `app.js.br`, `app.js.gz`. */
const withoutEncodingSuffix = (filePath: string) => filePath.replace(/\.(?:br|gz)$/, '');

/**
 * Serves the built single-page app on the API's own origin. Unknown /api paths and missing files answer a JSON 404;
 * every other GET that accepts HTML (browsers, and curl's `*\/*`) gets index.html so client-side routes survive a
 * reload. A browser that accepts brotli or gzip gets the build's precompressed copy of a file (issue 15: the main
 * script went out uncompressed). In production the build's source maps are not served.
 */
export default fp(
  async (
    app: FastifyInstance,
    { distDir, serveSourceMaps = true }: { distDir: string; serveSourceMaps?: boolean },
  ) => {
    const indexFile = path.join(distDir, 'index.html');
    const built = existsSync(indexFile);
    if (built) {
      const hashedAssets = path.join(distDir, 'assets') + path.sep;
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // Source maps carry the app's source: served in development only (production answers 404).
        allowedPath: (pathName) => serveSourceMaps || !pathName.endsWith('.map'),
        // `file.br` / `file.gz` beside `file`, chosen by Accept-Encoding (brotli first); the file itself otherwise.
        preCompressed: true,
        // One cache policy per file, here (static's own Cache-Control would otherwise replace it): Vite names every
        // file under assets/ by its content hash, so a browser may keep it for good; index.html names the bundles of
        // the current build, so it is always revalidated.
        cacheControl: false,
        setHeaders: (response, servedPath) => {
          const filePath = withoutEncodingSuffix(servedPath);
          response.setHeader(
            'cache-control',
            filePath.startsWith(hashedAssets)
              ? 'public, max-age=31536000, immutable'
              : filePath === indexFile
                ? 'no-cache'
                : 'public, max-age=0',
          );
          // The same URL answers brotli, gzip or plain bytes: caches must key on the request's Accept-Encoding.
          response.setHeader('vary', 'Accept-Encoding');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = new URL(request.url, 'http://app.invalid').pathname;
      const accept = request.headers.accept ?? '*/*';
      // Browsers navigate with text/html (also to /tracking/BRK.B); scripts and curl send */*, where a missing file
      // (/assets/old-build.js) is a real 404 and a path without an extension is a route of the app.
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api') &&
        (accept.includes('text/html') || (accept.includes('*/*') && path.extname(pathname) === ''));
      if (!wantsPage)
        return reply.status(404).send({ message: `Route ${request.method} ${request.url} not found` });
      if (!built) return reply.status(200).type('text/html').send(notBuiltPage);
      return reply.type('text/html').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
