import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLinkBuilder } from '../mail/links';
import type { MailTransport } from '../mail/mail-message';
import { createMailer } from '../mail/mailer';
import { createOutboxTransport } from '../mail/outbox-transport';
import { createPostmarkTransport } from '../mail/postmark-transport';
import type { AccountsContext } from './accounts-context';
import { discoverEndpoints, GOOGLE_ENDPOINTS } from './google/google-endpoints';
import { registerGoogleSignIn } from './google/google-sign-in';
import { purgeExpiredSecrets } from './purge-expired';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsContext;
  }
}

const DEFAULT_MAIL_FROM = 'ETF Replicator <no-reply@localhost>';

/**
 * Account services shared by the auth, users, manage-connection, admin-users and dev-mailbox routes: cookies, the
 * mailer (Postmark when POSTMARK_SERVER_TOKEN is set, else the outbox) with its retry loop, e-mail link building,
 * and Google sign-in when GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are set.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const secureCookies = config.NODE_ENV !== 'development';
    await app.register(cookie);

    const transport: MailTransport = config.POSTMARK_SERVER_TOKEN
      ? createPostmarkTransport({
          serverToken: config.POSTMARK_SERVER_TOKEN,
          from: config.MAIL_FROM ?? DEFAULT_MAIL_FROM,
        })
      : createOutboxTransport({ log: app.log, showLinks: config.NODE_ENV !== 'production' });
    // The dev mailbox (outbox transport, not production) shows the links; every other stored copy loses them.
    const keepLinks = transport.name === 'outbox' && config.NODE_ENV !== 'production';
    const mailer = createMailer({ pool: app.db.pool, transport, log: app.log, keepLinks });

    const google =
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? await registerGoogleSignIn(app, {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            endpoints: config.GOOGLE_OAUTH_ISSUER
              ? await discoverEndpoints(config.GOOGLE_OAUTH_ISSUER)
              : GOOGLE_ENDPOINTS,
            publicAppUrl: config.publicAppUrl,
            pool: app.db.pool,
            secureCookies,
          })
        : undefined;

    app.decorate('accounts', {
      config,
      eventStore: app.eventStore,
      pool: app.db.pool,
      projections: app.projections,
      mailer,
      link: createLinkBuilder({ publicAppUrl: config.publicAppUrl, allowedHosts: config.ALLOWED_HOSTS }),
      google,
      secureCookies,
      log: app.log,
    } satisfies AccountsContext);
    app.addHook('onReady', () => mailer.start());
    app.addHook('onClose', () => mailer.stop());
    const purge = setInterval(() => {
      purgeExpiredSecrets(app.db.pool).catch((error: unknown) =>
        app.log.warn({ err: error }, 'purging expired account secrets failed'),
      );
    }, 3_600_000);
    purge.unref();
    app.addHook('onClose', () => clearInterval(purge));
  },
  { name: 'accounts', dependencies: ['infrastructure', 'auth'] },
);
