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
    // Sent within one clock tick, the two tie on created_at: the order stored still decides.
    await test.db.pool.query(sql.unsafe`
      update mail_outbox set created_at = '2026-11-24T12:00:00Z' where to_address = 'box@example.com'`);
    const listed = await listOutboxMail(test.db.pool, 'BOX@example.com');
    expect(listed.map((mail) => [mail.subject, mail.sentAt !== null])).toEqual([
      ['second', true],
      ['first', true],
    ]);
  });

  const stored = (to: string) =>
    test.db.pool.one(sql.type(
      z.object({ text_body: z.string(), html_body: z.string(), links: z.array(z.string()) }),
    )`
      select text_body, html_body, links from mail_outbox where to_address = ${to}`);
  const withLink = (to: string): MailMessage => {
    const link = 'http://localhost:3000/reset-password?token=abc&x=1';
    return {
      to,
      subject: 'Reset',
      text: `Open ${link} within an hour.`,
      html: `<p><a href="${link.replace('&', '&amp;')}">Reset</a> or paste ${link.replace('&', '&amp;')}</p>`,
      links: [link],
    };
  };

  it('keeps no usable link in the stored copy once delivered, or once given up', async () => {
    const mailer = createMailer({
      pool: test.db.pool,
      transport: { name: 'postmark', deliver: async () => undefined },
      log: quiet,
    });
    await mailer.send(withLink('redact@example.com'));
    const sent = await stored('redact@example.com');
    expect(sent.links).toEqual([]);
    expect(`${sent.text_body} ${sent.html_body}`).not.toContain('token=abc');
    expect(sent.text_body).toBe('Open [link removed after delivery] within an hour.');

    const failing = createMailer({
      pool: test.db.pool,
      transport: { name: 'postmark', deliver: async () => Promise.reject(new Error('rejected')) },
      log: quiet,
    });
    await failing.send(withLink('given-up@example.com'));
    expect((await stored('given-up@example.com')).links).toHaveLength(1); // still to be retried: kept
    for (let i = 1; i < MAX_MAIL_ATTEMPTS; i++) {
      await makeDue();
      await failing.retryDue();
    }
    const failed = await stored('given-up@example.com');
    expect([
      failed.links,
      failed.text_body.includes('token=abc'),
      failed.html_body.includes('token=abc'),
    ]).toEqual([[], false, false]);
  });

  it('keeps links for the dev mailbox only when asked (outbox transport outside production)', async () => {
    const mailer = createMailer({
      pool: test.db.pool,
      transport: { name: 'outbox', deliver: async () => undefined },
      log: quiet,
      keepLinks: true,
    });
    await mailer.send(withLink('devbox@example.com'));
    expect((await stored('devbox@example.com')).links).toHaveLength(1);
  });

  it('claims a message before sending it: the retry loop never sends it a second time meanwhile', async () => {
    let release: () => void = () => undefined;
    const deliveries: string[] = [];
    const slow: MailTransport = {
      name: 'postmark',
      deliver: async (mail) => {
        deliveries.push(mail.id);
        if (deliveries.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    };
    const mailer = createMailer({ pool: test.db.pool, transport: slow, log: quiet });
    const sending = mailer.send(message('once@example.com'));
    await expect.poll(() => deliveries.length).toBe(1);
    // Another instance's retry loop runs while the first delivery is in flight.
    const other = createMailer({ pool: test.db.pool, transport: slow, log: quiet });
    expect(await other.retryDue()).toBe(0);
    release();
    await sending;
    expect(deliveries).toHaveLength(1);
    expect(await rows('once@example.com')).toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
  });
});
