import { migrateReadModels } from '@etf-replicator/projections';
import { openPgliteTestDatabase, type TestDatabase } from '@etf-replicator/projections/testing';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MailMessage, MailTransport } from './mail-message';
import { listOutboxMail } from './mail-outbox';
import { createMailer, MAX_MAIL_ATTEMPTS } from './mailer';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const message = (to: string): MailMessage => ({
  to,
  subject: 'Hi',
  text: 'Hello',
  html: '<p>Hello</p>',
  links: ['http://x/y'],
});

describe('mailer', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openPgliteTestDatabase();
    await migrateReadModels(test.db);
  });
  afterAll(() => test.dispose());
  const rows = (to: string) =>
    test.db.pool.any(sql.type(
      z.object({ status: z.string(), attempts: z.number(), last_error: z.string().nullable() }),
    )`
      select status, attempts, last_error from mail_outbox where to_address = ${to}`);
  const makeDue = () => test.db.pool.query(sql.unsafe`update mail_outbox set next_attempt_at = now()`);

  it('keeps a message whose delivery failed and delivers it on a later retry', async () => {
    let failures = 2;
    const delivered: string[] = [];
    const transport: MailTransport = {
      name: 'postmark',
      deliver: async (mail) => {
        if (failures-- > 0) throw new Error('Postmark is down');
        delivered.push(mail.to);
      },
    };
    const mailer = createMailer({ pool: test.db.pool, transport, log: quiet });
    await expect(mailer.send(message('retry@example.com'))).resolves.toBeUndefined();
    expect(await rows('retry@example.com')).toEqual([
      { status: 'pending', attempts: 1, last_error: 'Postmark is down' },
    ]);

    expect(await mailer.retryDue()).toBe(0); // not due yet: back-off
    await makeDue();
    expect(await mailer.retryDue()).toBe(0); // second failure
    await makeDue();
    expect(await mailer.retryDue()).toBe(1);
    expect(delivered).toEqual(['retry@example.com']);
    expect(await rows('retry@example.com')).toEqual([{ status: 'sent', attempts: 3, last_error: null }]);
  });

  it('gives up after the last attempt', async () => {
    const mailer = createMailer({
      pool: test.db.pool,
      transport: { name: 'postmark', deliver: async () => Promise.reject(new Error('rejected')) },
      log: quiet,
    });
    await mailer.send(message('never@example.com'));
    for (let i = 1; i < MAX_MAIL_ATTEMPTS; i++) {
      await makeDue();
      await mailer.retryDue();
    }
    expect(await rows('never@example.com')).toMatchObject([
      { status: 'failed', attempts: MAX_MAIL_ATTEMPTS },
    ]);
  });

  it('lists outbox messages newest first for the dev mailbox', async () => {
    const mailer = createMailer({
      pool: test.db.pool,
      transport: { name: 'outbox', deliver: async () => undefined },
      log: quiet,
    });
    await mailer.send({ ...message('box@example.com'), subject: 'first' });
    await mailer.send({ ...message('box@example.com'), subject: 'second' });
    const listed = await listOutboxMail(test.db.pool, 'BOX@example.com');
    expect(listed.map((mail) => [mail.subject, mail.sentAt !== null])).toEqual([
      ['second', true],
      ['first', true],
    ]);
  });
});
