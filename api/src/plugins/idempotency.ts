import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'slonik';
import { z } from 'zod';
import { enterCommandScope, runWithCommandScope } from '../commands/command-scope';
import { HttpError } from '../http/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this command route (it must authenticate first). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey?: { readonly key: string; readonly claim: string };
  }
  interface FastifyInstance {
    /**
     * The key check of a multipart request, once the route has read its body (a multipart body is parsed by the
     * route, after the hooks, so the preHandler cannot hash it). Answers false when it replied (a replay, or the
     * error), and the route must then return the reply.
     */
    claimIdempotencyKey(request: FastifyRequest, reply: FastifyReply, body: unknown): Promise<boolean>;
  }
}

const HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,200}$/;
const stored = z.object({
  request_hash: z.string(),
  status_code: z.number().nullable(),
  content_type: z.string().nullable(),
  body: z.string().nullable(),
  claim_token: z.string().nullable(),
  first_used_at: z.string(),
  /** Seconds until the claim counts as cut off (≤ 0: it does). */
  stale_in: z.number(),
});
const claimed = z.object({ first_used_at: z.string() });

const hashOf = (request: FastifyRequest, body: unknown) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');

const isMultipart = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

/**
 * Idempotency-Key for commands: the first request with a key runs and its answer is stored; a retry with the same
 * key and the same request gets that answer again (`Idempotent-Replayed: true`) and appends nothing. The same key
 * for a different request is a 422; a retry while the first is still running is a 409 (with Retry-After). Server
 * errors are not kept: the key is released for recovery, so the retry runs again as a recovery (below) — the steps
 * the failed run had already appended answer from the log (a failure after the append must not record twice).
 * A request cut off by a crash never stores its answer. Once it has been unanswered for IDEMPOTENCY_IN_FLIGHT_SECONDS
 * the next retry takes the key over and runs the request again in recovery (command-scope.ts): the steps the log
 * already holds answer from there, the rest run, so the retry gets the one outcome the request has.
 */
export default fp(
  async (app: FastifyInstance) => {
    const pool = () => app.db.pool;
    const inFlightSeconds = app.config.IDEMPOTENCY_IN_FLIGHT_SECONDS;

    // Every request gets a holder for its command scope; the continuation (hooks, handler) runs inside it.
    app.addHook('onRequest', (_request, _reply, done) => runWithCommandScope(done));

    /** Runs the key check for `body`; false when it has answered (replay or error thrown before). */
    const claimKey = async (
      request: FastifyRequest,
      reply: FastifyReply,
      body: unknown,
    ): Promise<boolean> => {
      const key = request.headers[HEADER];
      if (key === undefined) return true;
      if (typeof key !== 'string' || !KEY.test(key)) {
        throw new HttpError(400, 'Invalid Idempotency-Key header: use 1–200 visible ASCII characters');
      }
      const userId = request.user?.userId;
      if (!userId) return true;
      const requestHash = hashOf(request, body);
      const claim = randomUUID();
      const inserted = await pool().maybeOne(sql.type(claimed)`
        insert into idempotency_keys (user_id, key, request_hash, claim_token)
        values (${userId}, ${key}, ${requestHash}, ${claim})
        on conflict (user_id, key) do nothing returning (extract(epoch from created_at) * 1000000)::bigint::text as first_used_at`);
      if (inserted) {
        request.idempotencyKey = { key, claim };
        enterCommandScope({ userId, key, firstUsedAt: inserted.first_used_at }, false);
        return true;
      }
      const previous = await pool().one(sql.type(stored)`
        select request_hash, status_code, content_type, body, claim_token, (extract(epoch from created_at) * 1000000)::bigint::text as first_used_at,
               extract(epoch from claimed_at + make_interval(secs => ${inFlightSeconds}) - now())::float8 as stale_in
          from idempotency_keys where user_id = ${userId} and key = ${key}`);
      if (previous.request_hash !== requestHash) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
      }
      if (previous.status_code === null) {
        const takenOver =
          previous.stale_in <= 0 &&
          (await pool().maybeOne(sql.unsafe`
            update idempotency_keys set claim_token = ${claim}, claimed_at = now()
             where user_id = ${userId} and key = ${key} and status_code is null
               and claim_token is not distinct from ${previous.claim_token}
            returning key`));
        if (!takenOver) {
          reply.header('retry-after', String(Math.max(1, Math.ceil(previous.stale_in))));
          throw new HttpError(409, 'A request with this Idempotency-Key is still being processed');
        }
        request.idempotencyKey = { key, claim };
        enterCommandScope({ userId, key, firstUsedAt: previous.first_used_at }, true);
        request.log.info({ idempotencyKey: key }, 'completing a request a crash cut off');
        return true;
      }
      await reply
        .status(previous.status_code)
        .header('idempotent-replayed', 'true')
        .type(previous.content_type ?? 'application/json')
        .send(previous.body ?? '');
      return false;
    };

    app.decorate('claimIdempotencyKey', claimKey);

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.routeOptions.config.idempotent || isMultipart(request)) return;
      if (!(await claimKey(request, reply, request.body))) return reply;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const owned = request.idempotencyKey;
      const userId = request.user?.userId;
      if (!owned || !userId) return payload;
      const mine = sql.fragment`user_id = ${userId} and key = ${owned.key} and claim_token = ${owned.claim}
                                and status_code is null`;
      if (reply.statusCode >= 500) {
        // Not deleted: the events may already be in the log. Cut off now, so the retry takes over in recovery.
        await pool().query(sql.unsafe`
          update idempotency_keys
             set claim_token = null, claimed_at = now() - make_interval(secs => ${inFlightSeconds + 1})
           where ${mine}`);
      } else {
        await pool().query(sql.unsafe`
          update idempotency_keys
             set status_code = ${reply.statusCode}, content_type = ${String(reply.getHeader('content-type') ?? '')},
                 body = ${typeof payload === 'string' ? payload : payload === null ? '' : String(payload)}
           where ${mine}`);
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
