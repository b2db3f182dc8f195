import { timingSafeEqual } from 'node:crypto';
import { WrongExpectedVersionError } from '@etf-replicator/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { renderMetrics } from '../cluster/cluster-metrics';
import type { Metrics } from '../metrics/metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** Why a command was turned down, set from the thrown error for the command counter. */
    commandRejection?: { outcome: 'rejected' | 'conflict' | 'error'; reason: string };
  }
}

export type MetricsPluginOptions = {
  readonly metrics: Metrics;
  /** Bearer token GET /metrics requires; without one it answers only outside production. */
  readonly token: string | undefined;
  readonly production: boolean;
};

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const rejectionOf = (error: unknown): NonNullable<FastifyRequest['commandRejection']> => {
  if (error instanceof WrongExpectedVersionError)
    return { outcome: 'conflict', reason: 'wrong_expected_version' };
  if (hasZodFastifySchemaValidationErrors(error)) return { outcome: 'rejected', reason: 'invalid_request' };
  const { code, kind, statusCode } = (error ?? {}) as {
    code?: unknown;
    kind?: unknown;
    statusCode?: unknown;
  };
  if (typeof kind === 'string' && typeof code === 'string') {
    return { outcome: kind === 'conflict' ? 'conflict' : 'rejected', reason: code };
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { outcome: statusCode === 409 ? 'conflict' : 'rejected', reason: `status_${statusCode}` };
  }
  return { outcome: 'error', reason: 'internal' };
};

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Times every request by route template, counts state-changing API requests (the commands) by outcome, and serves
 * the registry at GET /metrics in Prometheus' text format. Scrapes are logged at warn level only.
 */
export default fp(
  async (app: FastifyInstance, { metrics, token, production }: MetricsPluginOptions) => {
    app.addHook('onError', async (request, _reply, error) => {
      request.commandRejection = rejectionOf(error);
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      metrics.httpRequestDuration.observe(
        { method: request.method, route, status_code: String(status) },
        reply.elapsedTime / 1000,
      );
      if (readMethods.has(request.method) || !route.startsWith('/api/')) return;
      const command = `${request.method} ${route}`;
      if (status < 400) metrics.commands.inc({ command, outcome: 'ok', reason: '' });
      else {
        const rejection =
          request.commandRejection ??
          (status >= 500
            ? { outcome: 'error' as const, reason: 'internal' }
            : {
                outcome: status === 409 ? ('conflict' as const) : ('rejected' as const),
                reason: `status_${status}`,
              });
        metrics.commands.inc({ command, ...rejection });
      }
    });

    app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      if (token === undefined && production)
        return reply.code(404).send({ message: 'Route GET /metrics not found' });
      if (token !== undefined) {
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!sameSecret(given, token)) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
        }
      }
      return reply.type(metrics.registry.contentType).send(await renderMetrics(metrics.registry));
    });
  },
  { name: 'metrics' },
);
