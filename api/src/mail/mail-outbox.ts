import { type CommonQueryMethods, type DatabasePool, sql } from 'slonik';
import { z } from 'zod';
import type { MailMessage } from './mail-message';

const storedMailSchema = z.object({
  id: z.string(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  html_body: z.string(),
  links: z.array(z.string()),
  attempts: z.number(),
  created_at: z.date(),
  sent_at: z.date().nullable(),
});
export type StoredMail = MailMessage & {
  readonly id: string;
  readonly attempts: number;
  readonly createdAt: Date;
  readonly sentAt: Date | null;
};

const toStoredMail = (row: z.infer<typeof storedMailSchema>): StoredMail => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  links: row.links,
  attempts: row.attempts,
  createdAt: row.created_at,
  sentAt: row.sent_at,
});
const columns = sql.fragment`id, to_address, subject, text_body, html_body, links, attempts, created_at, sent_at`;

/** How long a claimed message is leased to the instance that is sending it. */
const LEASE = sql.fragment`interval '5 minutes'`;

/**
 * Stores a message already claimed by the caller, which delivers it right away: the retry loop (of this or another
 * instance) only picks it up if that delivery never reports back within the lease. No double delivery.
 */
export const insertMail = async (
  db: CommonQueryMethods,
  id: string,
  message: MailMessage,
  transport: string,
) => {
  await db.query(sql.unsafe`
    insert into mail_outbox (id, to_address, subject, text_body, html_body, links, transport, next_attempt_at)
    values (${id}, ${message.to}, ${message.subject}, ${message.text}, ${message.html},
            ${sql.jsonb([...message.links])}, ${transport}, now() + ${LEASE})`);
};

export const LINK_REMOVED = '[link removed after delivery]';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The message with its links (one-time tokens) replaced, in the text and in the HTML (raw or escaped). */
export const redactLinks = (message: MailMessage): MailMessage => {
  let { text, html } = message;
  for (const link of [...message.links].sort((a, b) => b.length - a.length)) {
    text = text.replaceAll(link, LINK_REMOVED);
    html = html.replaceAll(escapeHtml(link), LINK_REMOVED).replaceAll(link, LINK_REMOVED);
  }
  return { ...message, text, html, links: [] };
};

/** The stored copy keeps no usable link once it is delivered (or given up), unless `keep` (the dev mailbox). */
const redactedColumns = (message: MailMessage | undefined) => {
  if (!message) return sql.fragment``;
  const redacted = redactLinks(message);
  return sql.fragment`, text_body = ${redacted.text}, html_body = ${redacted.html}, links = '[]'::jsonb`;
};

export const markMailSent = async (db: CommonQueryMethods, id: string, redact?: MailMessage) => {
  await db.query(sql.unsafe`
    update mail_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null
           ${redactedColumns(redact)}
     where id = ${id}`);
};

/** Schedules the next try with exponential back-off (1 min, 2, 4 … capped at 1 h); gives up after `maxAttempts`. */
export const markMailFailed = async (
  db: CommonQueryMethods,
  id: string,
  error: string,
  maxAttempts: number,
  redact?: MailMessage,
) => {
  await db.query(sql.unsafe`
    update mail_outbox
       set attempts = attempts + 1, last_error = ${error.slice(0, 500)},
           status = case when attempts + 1 >= ${maxAttempts} then 'failed' else 'pending' end,
           next_attempt_at = now() + least(interval '1 hour', interval '1 minute' * power(2, attempts))
     where id = ${id}`);
  // Given up: the links are of no use to anybody any more.
  if (redact)
    await db.query(sql.unsafe`
      update mail_outbox set status = status ${redactedColumns(redact)} where id = ${id} and status = 'failed'`);
};

/**
 * Claims pending messages that are due, leasing them for 5 minutes so that another instance does not send them too.
 */
export const claimDueMail = async (pool: DatabasePool, limit: number): Promise<readonly StoredMail[]> => {
  const rows = await pool.any(sql.type(storedMailSchema)`
    update mail_outbox set next_attempt_at = now() + ${LEASE}
     where id in (select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
                   order by next_attempt_at limit ${limit} for update skip locked)
    returning ${columns}`);
  return rows.map(toStoredMail);
};

/** The dev mailbox: outbox messages to one address, newest first. */
export const listOutboxMail = async (
  db: CommonQueryMethods,
  to: string,
  limit = 50,
): Promise<readonly StoredMail[]> =>
  (
    await db.any(sql.type(storedMailSchema)`
      select ${columns} from mail_outbox
       where transport = 'outbox' and lower(to_address) = lower(${to})
       order by seq desc limit ${limit}`)
  ).map(toStoredMail);
