import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import errorHandler from './error-handler';
import inputGuard, { findUnsafeText, UNSAFE_TEXT_MESSAGE } from './input-guard';

describe('NUL and lone surrogates at the HTTP boundary', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    await app.register(inputGuard);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/body/:id',
      { schema: { body: z.object({ name: z.string(), tags: z.array(z.string()).optional() }) } },
      async () => 'ok',
    );
    typed.get('/query', { schema: { querystring: z.object({ q: z.string() }) } }, async () => 'ok');
  });
  afterAll(() => app.close());

  const message = (field: string) =>
    `${field}: the text contains a NUL character (U+0000), which is not allowed. Remove it and try again.`;

  it('answers 400 naming the field for a NUL in a JSON body, however deep', async () => {
    const flat = await app.inject({
      method: 'POST',
      url: '/body/1',
      payload: '{"name":"a\\u0000b"}',
      headers: { 'content-type': 'application/json' },
    });
    expect([flat.statusCode, flat.json()]).toEqual([400, { message: message('name') }]);
    const deep = await app.inject({
      method: 'POST',
      url: '/body/1',
      payload: { name: 'ok', tags: ['x', 'y\u0000'] },
    });
    expect([deep.statusCode, deep.json()]).toEqual([400, { message: message('tags[1]') }]);
  });

  it('answers 400 for a NUL anywhere in the URL, before any route sees it', async () => {
    for (const url of ['/query?q=a%00b', '/body/a%00', '/no-such-route/%00']) {
      const response = await app.inject({ method: url.startsWith('/body') ? 'POST' : 'GET', url });
      expect([response.statusCode, response.json()], url).toEqual([400, { message: UNSAFE_TEXT_MESSAGE }]);
    }
  });

  it('names the field holding a lone surrogate in a JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/body/1',
      payload: '{"name":"\\ud800x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      'name: the text contains an invalid Unicode sequence (an unpaired surrogate), which is not allowed. Remove it and try again.',
    ]);
  });

  it('lets everything else through', async () => {
    const response = await app.inject({ method: 'POST', url: '/body/1', payload: { name: 'A \\u0001 ü ✓' } });
    expect(response.statusCode).toBe(200);
    expect(findUnsafeText({ a: [{ b: 'fine' }], 'k\u0000': 1 })).toEqual({ field: 'k', unsafe: 'nul' });
    expect(findUnsafeText({ emoji: '\u{1F600}' })).toBeUndefined();
    expect(findUnsafeText(Buffer.from('raw\u0000bytes'))).toBeUndefined();
  });
});
