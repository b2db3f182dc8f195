import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import errorHandler from './error-handler';
import rejectNul, { findNul } from './reject-nul';

describe('U+0000 at the HTTP boundary', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    await app.register(rejectNul);
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

  it('answers 400 for a NUL in the query string or a path parameter', async () => {
    const query = await app.inject({ method: 'GET', url: '/query?q=a%00b' });
    expect([query.statusCode, query.json()]).toEqual([400, { message: message('q') }]);
    const param = await app.inject({ method: 'POST', url: '/body/a%00', payload: { name: 'ok' } });
    expect([param.statusCode, param.json()]).toEqual([400, { message: message('id') }]);
  });

  it('lets everything else through', async () => {
    const response = await app.inject({ method: 'POST', url: '/body/1', payload: { name: 'A \\u0001 ü ✓' } });
    expect(response.statusCode).toBe(200);
    expect(findNul({ a: [{ b: 'fine' }], 'k\u0000': 1 })).toBe('k');
    expect(findNul(Buffer.from('raw\u0000bytes'))).toBeUndefined();
  });
});
