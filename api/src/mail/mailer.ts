import { randomUUID } from 'node:crypto';
import type { DatabasePool } from 'slonik';
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
