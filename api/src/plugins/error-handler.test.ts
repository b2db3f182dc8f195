import { WrongExpectedVersionError } from '@etf-replicator/core';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../http/http-error';
import { DomainErrorLike } from '../testing/domain-error-like';
import errorHandler from './error-handler';

describe('error handler', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/body',
      { schema: { body: z.object({ email: z.email(), amount: z.number().positive() }) } },
      async () => 'ok',
    );
    typed.get(
      '/query',
      { schema: { querystring: z.object({ size: z.coerce.number().int().min(1) }) } },
      async () => 'ok',
    );
    app.get('/http-error', async () => {
      throw new HttpError(403, 'You are not authorized to delete this tracking.');
    });
    app.get('/domain-error', async () => {
      throw new DomainErrorLike('conflict', 'ALREADY_REVERTED', 'This action was already reverted.');
    });
    app.get('/version-conflict', async () => {
      throw new WrongExpectedVersionError('tracking-1', 3, 4);
    });
    app.get('/crash', async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('names the invalid body field with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/body',
      payload: { email: 'nope', amount: 5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid email: /);
  });

  it('names the invalid query parameter with a 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/query?size=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid size: /);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/body',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });

  it('passes deliberate HTTP errors through', async () => {
    const response = await app.inject({ method: 'GET', url: '/http-error' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You are not authorized to delete this tracking.' });
  });

  it('maps domain error kinds to statuses', async () => {
    const response = await app.inject({ method: 'GET', url: '/domain-error' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This action was already reverted.' });
  });

  it('turns a lost optimistic-concurrency race into a 409', async () => {
    expect((await app.inject({ method: 'GET', url: '/version-conflict' })).statusCode).toBe(409);
  });

  it('hides internals behind a bare 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
  });
});
