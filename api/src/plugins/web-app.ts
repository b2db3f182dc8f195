import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ETF Replicator</title></head>
<body><main><h1>ETF Replicator</h1><p>The web app has not been built yet. Run <code>npm start</code> (it builds it)
or <code>npm run build</code>. The API is available under <a href="/api/docs">/api/docs</a>.</p></main></body></html>`;

/**
 * Serves the built single-page app on the API's own origin. Unknown /api paths answer a JSON 404; every other GET
 * that wants HTML gets index.html so client-side routes survive a reload.
 */
export default fp(
  async (app: FastifyInstance, { distDir }: { distDir: string }) => {
    const indexFile = path.join(distDir, 'index.html');
    const built = existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
    }
    app.setNotFoundHandler((request, reply) => {
      const wantsPage =
        request.method === 'GET' &&
        !request.url.startsWith('/api') &&
        request.headers.accept?.includes('text/html');
      if (!wantsPage)
        return reply.status(404).send({ message: `Route ${request.method} ${request.url} not found` });
      if (!built) return reply.status(200).type('text/html').send(notBuiltPage);
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
