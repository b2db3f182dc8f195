import type { MailMessage, MailTransport } from './mail-message';

type InfoLogger = { info: (object: object, message?: string) => void };

/**
 * The default transport: messages stay in the outbox table (readable at /api/dev/mailbox outside production) and
 * are logged. Links carry one-time tokens, so they are logged only outside production.
 */
export const createOutboxTransport = ({
  log,
  showLinks,
}: {
  log: InfoLogger;
  showLinks: boolean;
}): MailTransport => ({
  name: 'outbox',
  async deliver(message: MailMessage & { id: string }) {
    log.info(
      {
        mail: {
          id: message.id,
          to: message.to,
          subject: message.subject,
          ...(showLinks ? { links: message.links } : {}),
        },
      },
      'e-mail kept in the outbox (no mail service configured)',
    );
  },
});
