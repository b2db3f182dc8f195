import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What the web app loads, and nothing more: its own bundles, Stripe's pricing table (script and frame), images
 * from itself (screenshots by signed link, data: previews, blob: uploads), blob: workers (canvas-confetti). React's style props go through the
 * CSSOM, which CSP does not govern; 'unsafe-inline' styles cover libraries that inject <style>. Forms may post
 * only to the app, whose billing answers redirect to Stripe's hosted pages.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://*.stripe.com',
  "worker-src 'self' blob:",
  "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/** Swagger UI brings its own inline bootstrapping; the API documentation keeps every other header. */
const DOCS_PREFIX = '/api/docs';

/**
 * Security headers on every answer (what @fastify/helmet would set, for this app): a CSP, no framing, no MIME
 * sniffing, a strict referrer policy, no cross-origin window access; HSTS in production (behind TLS).
 */
export default fp(
  async (app: FastifyInstance, { production }: { production: boolean }) => {
    app.addHook('onSend', async (request, reply) => {
      if (!request.url.startsWith(DOCS_PREFIX))
        reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      reply.header('x-frame-options', 'DENY');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('x-permitted-cross-domain-policies', 'none');
      if (production) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security-headers' },
);
