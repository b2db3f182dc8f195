import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import devMailboxFeature from './index';

/** The mailbox shows one-time links: it must only exist for the outbox transport outside production. */
const appWith = async (nodeEnv: string, transport: 'outbox' | 'postmark') => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', { NODE_ENV: nodeEnv } as never);
  app.decorate('accounts', { mailer: { transport } } as never);
  app.decorate('db', { pool: { any: async () => [] } } as never);
  await app.register(devMailboxFeature);
  await app.ready();
  return app;
};

describe('dev mailbox availability', () => {
  it.each([
    ['development', 'outbox', true],
    ['test', 'outbox', true],
    ['production', 'outbox', false],
    ['development', 'postmark', false],
  ] as const)('NODE_ENV=%s with the %s transport: exists = %s', async (nodeEnv, transport, exists) => {
    const app = await appWith(nodeEnv, transport);
    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ann@example.com' });
    expect(response.statusCode).toBe(exists ? 200 : 404);
    await app.close();
  });
});
