import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDirectory } from './precompress';

describe('precompressDirectory', () => {
  let dir = '';
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of the text files that are worth it, and leaves maps and small files alone', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const script = 'console.log("replicate every holding");\n'.repeat(200);
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), script);
    await writeFile(path.join(dir, 'assets', 'index-abc.js.map'), '{"sources":[]}'.repeat(200));
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<div></div>'.repeat(200)}`);
    await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
    await writeFile(path.join(dir, 'assets', 'logo.png'), Buffer.alloc(MIN_BYTES * 2));

    const written = await precompressDirectory(dir);

    expect(written.map((file) => path.relative(dir, file)).sort()).toEqual([
      'assets/index-abc.js.br',
      'assets/index-abc.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const br = await readFile(path.join(dir, 'assets', 'index-abc.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'index-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    expect(await readdir(path.join(dir, 'assets'))).not.toContain('index-abc.js.map.br');
  });
});
