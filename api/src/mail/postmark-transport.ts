import { ServerClient } from 'postmark';
import type { MailMessage, MailTransport } from './mail-message';

/**
 * Delivers through Postmark's API (POSTMARK_SERVER_TOKEN). A rejected or failed call throws, and the mailer retries.
 * @see https://postmarkapp.com/developer/api/email-api
 */
export const createPostmarkTransport = ({
  serverToken,
  from,
}: {
  serverToken: string;
  from: string;
}): MailTransport => {
  const client = new ServerClient(serverToken);
  return {
    name: 'postmark',
    async deliver(message: MailMessage & { id: string }) {
      const result = await client.sendEmail({
        From: from,
        To: message.to,
        Subject: message.subject,
        TextBody: message.text,
        HtmlBody: message.html,
        MessageStream: 'outbound',
        Metadata: { outboxId: message.id },
      });
      if (result.ErrorCode !== 0) throw new Error(`Postmark error ${result.ErrorCode}: ${result.Message}`);
    },
  };
};
