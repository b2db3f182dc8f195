import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutboxMail } from '../../mail/mail-outbox';

const mailboxEntry = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  sentAt: z.string(),
});

/**
 * GET /api/dev/mailbox?to=EMAIL: the outbox's messages to one address, newest first, with their links. Exists only
 * when the outbox is the mail transport (no POSTMARK_SERVER_TOKEN) and NODE_ENV is not production: it shows
 * one-time links, so it must never be reachable on a real deployment.
 */
export default async function devMailboxFeature(app: FastifyInstance) {
  if (app.config.NODE_ENV === 'production' || app.accounts.mailer.transport !== 'outbox') return;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development mailbox (outbox transport, non-production only)',
        querystring: z.object({ to: z.string().trim().min(3).max(254) }),
        response: { 200: z.array(mailboxEntry) },
      },
    },
    async (request) =>
      (await listOutboxMail(app.db.pool, request.query.to)).map((mail) => ({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: [...mail.links],
        sentAt: (mail.sentAt ?? mail.createdAt).toISOString(),
      })),
  );
}
