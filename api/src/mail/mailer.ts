import { randomUUID } from 'node:crypto';
import { type DatabasePool, sql } from 'slonik';
import type { MailMessage, MailTransport } from './mail-message';
import { claimDueMail, insertMail, markMailFailed, markMailSent } from './mail-outbox';

type MailerLogger = {
  info: (object: object, message?: string) => void;
  warn: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

export type Mailer = {
  readonly transport: MailTransport['name'];
  /**
   * Stores the message, then tries to deliver it once. Never throws for a delivery failure: the message stays
   * pending and the retry loop sends it later. Call it after the events it follows are committed.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * As send, once per `key`: the key and the stored message commit together, so a repeat (a retry, the recovery
   * sweep) stores nothing. False when the key was already used.
   */
  sendOnce(key: string, message: MailMessage): Promise<boolean>;
  /** Delivers whatever is due now (the loop calls it; tests call it directly). */
  retryDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export const MAX_MAIL_ATTEMPTS = 8;

export const createMailer = ({
  pool,
  transport,
  log,
  retryEveryMs = 30_000,
  keepLinks = false,
}: {
  pool: DatabasePool;
  transport: MailTransport;
  log: MailerLogger;
  retryEveryMs?: number;
  /** Keep links in the stored copy after delivery: only for the outbox transport's dev mailbox (not production). */
  keepLinks?: boolean;
}): Mailer => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const deliver = async (message: MailMessage & { id: string }) => {
    try {
      await transport.deliver(message);
      await markMailSent(pool, message.id, keepLinks ? undefined : message);
      return true;
    } catch (error) {
      const reason = (error as Error).message ?? String(error);
      log.warn({ mailId: message.id, err: error }, 'e-mail delivery failed; it will be retried');
      await markMailFailed(
        pool,
        message.id,
        reason,
        MAX_MAIL_ATTEMPTS,
        keepLinks ? undefined : message,
      ).catch((markError: unknown) =>
        log.error({ mailId: message.id, err: markError }, 'could not record the failed e-mail delivery'),
      );
      return false;
    }
  };

  const retryDue = async () => {
    const due = await claimDueMail(pool, 20);
    let sent = 0;
    for (const message of due) if (await deliver(message)) sent++;
    return sent;
  };

  return {
    transport: transport.name,
    async send(message) {
      const id = randomUUID();
      await insertMail(pool, id, message, transport.name);
      await deliver({ ...message, id });
    },
    async sendOnce(key, message) {
      const id = randomUUID();
      const stored = await pool.transaction(async (tx) => {
        const claimed = await tx.query(sql.unsafe`
          insert into mail_once (key, mail_id) values (${key}, ${id}) on conflict do nothing returning key`);
        if (claimed.rowCount === 0) return false;
        await insertMail(tx, id, message, transport.name);
        return true;
      });
      if (stored) await deliver({ ...message, id });
      return stored;
    },
    retryDue,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        running = retryDue().catch((error: unknown) => log.error({ err: error }, 'e-mail retry loop failed'));
      }, retryEveryMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
};
