import { decide, indexLabel, trackingIndex, trackingStreamId } from '@etf-replicator/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type DatabasePool, sql } from 'slonik';
import { z } from 'zod';
import { handleCommand } from '../../commands/handle-command';
import { unsubscribePath } from '../../trackings/drift-mail';
import { trackingCache } from '../../trackings/tracking-loader';
import { trackingFolder } from '../../trackings/tracking-streams';
import { acceptFormPosts } from '../billing/form-body';
import { trackingIdParams } from './tracking-routes';

const INVALID = 'This link is invalid or has expired. Sign in to change the alert in the tracking settings.';
const USED = 'This link was already used. Sign in to change the alert in the tracking settings.';

const signedQuery = z.object({ expires: z.string().max(20), signature: z.string().max(100) });

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page's look, inline (the CSP allows inline styles, not scripts): it must not depend on the web build. */
const STYLE = `body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 0 0 1px #e2e8f0}
h1{font-size:1.375rem;margin:0 0 .75rem}p{color:#475569}a{color:#4338ca}
button{font:inherit;font-weight:600;color:#fff;background:#4f46e5;border:0;border-radius:.5rem;padding:.625rem 1rem;cursor:pointer}
button:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}`;

/** A small self-contained page (no script). */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ETF Replicator</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">ETF Replicator</a></p></main></body></html>`;

const sendPage = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(page(title, body));

const sendLinkExpired = (reply: FastifyReply, status: 403 | 404) =>
  sendPage(reply, status, 'Link expired', `<p>${escapeHtml(INVALID)}</p>`);

const sendLinkUsed = (reply: FastifyReply) =>
  sendPage(reply, 410, 'Link already used', `<p>${escapeHtml(USED)}</p>`);

const linkUsed = async (pool: DatabasePool, signature: string) =>
  (await pool.maybeOne(sql.unsafe`select 1 from used_signed_links where signature = ${signature}`)) !== null;

/** Marks the link used (it acts once), dropping the rows of links that have expired anyway. */
const useLink = async (pool: DatabasePool, signature: string, expires: string) => {
  await pool.query(sql.unsafe`delete from used_signed_links where expires_at < now()`);
  await pool.query(sql.unsafe`
    insert into used_signed_links (signature, expires_at) values (${signature}, to_timestamp(${Number(expires)}))
    on conflict do nothing`);
};

const signedLinkSchema = (summary: string) => ({
  schema: { tags: ['trackings'], summary, params: trackingIdParams, querystring: signedQuery },
});

/**
 * The link in a drift alert e-mail (issue 20), without signing in (the signature stands for the owner):
 * GET /api/trackings/{id}/alerts/unsubscribe?expires&signature shows a confirmation page and changes nothing (mail
 * link scanners open links with GET); its button POSTs to the same URL, which turns the tracking's drift alerts off.
 * The link acts once: afterwards it answers 410 "already used" (an old e-mail cannot turn alerts off again after the
 * investor turned them back on).
 */
export const unsubscribeRoute = (app: FastifyInstance) =>
  app.register(async (scope) => {
    // The confirmation page's form posts application/x-www-form-urlencoded (an empty body), in this scope only.
    acceptFormPosts(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const isSigned = (trackingId: string, { expires, signature }: z.infer<typeof signedQuery>) =>
      app.signedUrls.verify(unsubscribePath(trackingId), expires, signature, new Date());
    typed.get(
      '/api/trackings/:trackingId/alerts/unsubscribe',
      signedLinkSchema(
        'Confirmation page of the e-mail unsubscribe link (signed, no sign-in); changes nothing',
      ),
      async (request, reply) => {
        const { trackingId } = request.params;
        const { expires, signature } = request.query;
        if (!isSigned(trackingId, request.query)) return sendLinkExpired(reply, 403);
        if (await linkUsed(app.db.pool, signature)) return sendLinkUsed(reply);
        const action = `${unsubscribePath(trackingId)}?${new URLSearchParams({ expires, signature })}`;
        return sendPage(
          reply,
          200,
          'Turn off drift alerts?',
          `<p>You will no longer get an e-mail or a notification when this tracking drifts. You can turn alerts on again in its settings.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Turn off drift alerts</button></form>`,
        );
      },
    );

    typed.post(
      '/api/trackings/:trackingId/alerts/unsubscribe',
      signedLinkSchema('Turn drift alerts off from the e-mail link (signed, no sign-in)'),
      async (request, reply) => {
        const { trackingId } = request.params;
        if (!isSigned(trackingId, request.query)) return sendLinkExpired(reply, 403);
        if (await linkUsed(app.db.pool, request.query.signature)) return sendLinkUsed(reply);
        const result = await handleCommand(
          app.eventStore,
          trackingStreamId(trackingId),
          trackingFolder,
          (state) =>
            state.status === 'Active'
              ? decide(
                  {
                    type: 'ChangeDriftAlertSettings',
                    data: { enabled: false, thresholdPoints: state.driftAlert.thresholdPoints },
                    metadata: { now: new Date(), eventId: crypto.randomUUID(), actorUserId: state.userId },
                  },
                  state,
                )
              : [],
          { actorUserId: null, correlationId: trackingId },
          { cache: trackingCache(app.eventStore) },
        );
        if (result.state.status !== 'Active') {
          return sendLinkExpired(reply, 404);
        }
        if (result.position) await app.projections.waitForPosition(result.position, { timeoutMs: 10_000 });
        await useLink(app.db.pool, request.query.signature, request.query.expires);
        return sendPage(
          reply,
          200,
          'Drift alerts are off',
          `<p>${escapeHtml(`Drift alerts for your ${indexLabel(trackingIndex(result.state))} tracking are off. You can turn them on again in its settings.`)}</p>`,
        );
      },
    );
  });
