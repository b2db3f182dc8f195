import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webApp from './web-app';

const INDEX = '<!doctype html><title>ETF Replicator</title><div id="root"></div>';

const appServing = async (distDir: string, serveSourceMaps = true): Promise<FastifyInstance> => {
  const app = Fastify();
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.register(webApp, { distDir, serveSourceMaps });
  await app.ready();
  return app;
};

describe('web-app plugin', () => {
  let distDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), INDEX);
    await writeFile(path.join(distDir, 'assets', 'app-1.js'), 'console.log(1);');
    await writeFile(path.join(distDir, 'assets', 'app-1.js.map'), '{"sourcesContent":["secret source"]}');
    // What the build's precompress step writes beside each text file (web/build/precompress.ts).
    await writeFile(path.join(distDir, 'assets', 'app-1.js.br'), brotliCompressSync('console.log(1);'));
    await writeFile(path.join(distDir, 'assets', 'app-1.js.gz'), gzipSync('console.log(1);'));
    await writeFile(path.join(distDir, 'index.html.br'), brotliCompressSync(INDEX));
    app = await appServing(distDir);
  });
  afterAll(async () => {
    await app?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('answers client-side routes with index.html for browsers and for curl', async () => {
    for (const [url, accept] of [
      ['/', 'text/html,application/xhtml+xml'],
      ['/tracking/VOO?tab=orders', 'text/html'],
      ['/tracking/BRK.B', 'text/html'],
      ['/login', '*/*'],
      ['/', undefined],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
      expect([url, response.statusCode, response.body]).toEqual([url, 200, INDEX]);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built files and answers a JSON 404 for missing files, unknown API paths and non-page requests', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect([asset.statusCode, asset.body]).toEqual([200, 'console.log(1);']);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const request of [
      { method: 'GET', url: '/assets/old-build.js', headers: { accept: '*/*' } },
      { method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/login', headers: { accept: 'application/json' } },
      { method: 'POST', url: '/login', headers: { accept: 'text/html' } },
    ] as const) {
      const response = await app.inject(request);
      expect([request.url, response.statusCode]).toEqual([request.url, 404]);
      expect(response.json()).toEqual({ message: `Route ${request.method} ${request.url} not found` });
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('sends the precompressed copy the browser accepts, brotli first, with the same type and cache policy (issue 15)', async () => {
    const get = (url: string, encoding?: string) =>
      app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1);');
    const gzipped = await get('/assets/app-1.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe('console.log(1);');
    const plain = await get('/assets/app-1.js', 'identity');
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, 'console.log(1);']);
    for (const response of [brotli, gzipped, plain]) {
      expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
    // A client-side route gets index.html compressed too, still never cached; without a .gz copy gzip gets it plain.
    const page = await app.inject({
      method: 'GET',
      url: '/etftrackings',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    const gzipPage = await app.inject({
      method: 'GET',
      url: '/etftrackings',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect([gzipPage.headers['content-encoding'], gzipPage.body]).toEqual([undefined, INDEX]);
  });

  it('serves source maps in development only', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/app-1.js.map' })).statusCode).toBe(200);
    const production = await appServing(distDir, false);
    try {
      const map = await production.inject({ method: 'GET', url: '/assets/app-1.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret source');
      expect((await production.inject({ method: 'GET', url: '/assets/app-1.js' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('explains how to build the app when there is no build', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'web-dist-empty-'));
    const unbuilt = await appServing(empty);
    try {
      const response = await unbuilt.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('The web app has not been built yet.');
    } finally {
      await unbuilt.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
