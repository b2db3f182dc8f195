import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'slonik';
import { z } from 'zod';
import { HttpError } from '../http/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this command route (it must authenticate first). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

const HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,200}$/;
const stored = z.object({
  request_hash: z.string(),
  status_code: z.number().nullable(),
  content_type: z.string().nullable(),
  body: z.string().nullable(),
});

const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

/**
 * Idempotency-Key for commands: the first request with a key runs and its answer is stored; a retry with the same
 * key and the same request gets that answer again (`Idempotent-Replayed: true`) and appends nothing. The same key
 * for a different request is a 422; a retry while the first is still running is a 409. Server errors are not kept,
 * so a retry after a 5xx runs again.
 */
export default fp(
  async (app: FastifyInstance) => {
    const pool = () => app.db.pool;

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.routeOptions.config.idempotent) return;
      const key = request.headers[HEADER];
      if (key === undefined) return;
      if (typeof key !== 'string' || !KEY.test(key)) {
        throw new HttpError(400, 'Invalid Idempotency-Key header: use 1–200 visible ASCII characters');
      }
      const userId = request.user?.userId;
      if (!userId) return;
      const requestHash = hashOf(request);
      const inserted = await pool().maybeOne(sql.unsafe`
        insert into idempotency_keys (user_id, key, request_hash) values (${userId}, ${key}, ${requestHash})
        on conflict (user_id, key) do nothing returning key`);
      if (inserted) {
        request.idempotencyKey = key;
        return;
      }
      const previous = await pool().one(sql.type(stored)`
        select request_hash, status_code, content_type, body from idempotency_keys
         where user_id = ${userId} and key = ${key}`);
      if (previous.request_hash !== requestHash) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
      }
      if (previous.status_code === null) {
        throw new HttpError(409, 'A request with this Idempotency-Key is still being processed');
      }
      return reply
        .status(previous.status_code)
        .header('idempotent-replayed', 'true')
        .type(previous.content_type ?? 'application/json')
        .send(previous.body ?? '');
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.idempotencyKey;
      const userId = request.user?.userId;
      if (!key || !userId) return payload;
      if (reply.statusCode >= 500) {
        await pool().query(
          sql.unsafe`delete from idempotency_keys where user_id = ${userId} and key = ${key}`,
        );
      } else {
        await pool().query(sql.unsafe`
          update idempotency_keys
             set status_code = ${reply.statusCode}, content_type = ${String(reply.getHeader('content-type') ?? '')},
                 body = ${typeof payload === 'string' ? payload : payload === null ? '' : String(payload)}
           where user_id = ${userId} and key = ${key}`);
      }
      return payload;
    });

    // Keys are only needed for retries; keep the table small.
    const purge = setInterval(() => {
      void pool()
        .query(sql.unsafe`delete from idempotency_keys where created_at < now() - interval '1 day'`)
        .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency purge failed'));
    }, 3_600_000);
    purge.unref();
    app.addHook('onClose', () => clearInterval(purge));
  },
  { name: 'idempotency', dependencies: ['infrastructure', 'auth'] },
);
