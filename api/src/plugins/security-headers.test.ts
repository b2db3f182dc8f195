import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import securityHeaders, { CONTENT_SECURITY_POLICY } from './security-headers';

const appWith = async (production: boolean) => {
  const app = Fastify();
  await app.register(securityHeaders, { production });
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/docs/static/index.html', async () => 'docs');
  app.get('/missing', async (_request, reply) => reply.status(404).send({ message: 'nope' }));
  await app.ready();
  return app;
};

describe('security headers', () => {
  it('sends a CSP without framing, nosniff and a referrer policy on every answer, errors too', async () => {
    const app = await appWith(false);
    for (const url of ['/api/health', '/missing']) {
      const { headers } = await app.inject({ method: 'GET', url });
      expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(headers['strict-transport-security']).toBeUndefined();
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/docs/static/index.html' })).headers,
    ).not.toHaveProperty('content-security-policy');
    await app.close();
  });

  it('adds HSTS in production', async () => {
    const app = await appWith(true);
    const { headers } = await app.inject({ method: 'GET', url: '/api/health' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});
