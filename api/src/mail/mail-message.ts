/** An e-mail as the app composes it; `links` are the actionable URLs in it (the dev mailbox lists them). */
export type MailMessage = {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly links: readonly string[];
};

/** The mail port: one adapter per way of delivering (Postmark, or the outbox itself). */
export interface MailTransport {
  readonly name: 'outbox' | 'postmark';
  deliver(message: MailMessage & { readonly id: string }): Promise<void>;
}
