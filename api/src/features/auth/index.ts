import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { postgresRateLimitStore } from '../../http/postgres-rate-limit-store';
import { attemptLimiter, LIMITS } from './attempt-limiter';
import { cancelEmailChangeRoute } from './cancel-email-change';
import { confirmRoute } from './confirm';
import { forgotPasswordRoute } from './forgot-password';
import { googleLoginRoutes } from './google-login';
import { loginRoute } from './login';
import { registerRoute } from './register';
import { resendConfirmationRoute } from './resend-confirmation';
import { resetPasswordRoute } from './reset-password';
import { sessionRoutes } from './session-routes';
import { updateEmailRoute } from './update-email';

/** /api/auth/*: sign-up, confirmation (and a new confirmation e-mail), sign-in (password and Google), refresh, sign-out, password and e-mail links. */
export default async function authFeature(app: FastifyInstance) {
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(app.db.pool, 'auth') });

  // Work that must not delay (or shape) an answer; awaited on close so nothing is cut off.
  const pending = new Set<Promise<void>>();
  const background = (task: () => Promise<void>) => {
    const running = task()
      .catch((error: unknown) => app.log.error({ err: error }, 'background account task failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });

  registerRoute(app, attemptLimiter(app, 'register', LIMITS.register));
  confirmRoute(app);
  loginRoute(app, attemptLimiter(app, 'login', LIMITS.login));
  sessionRoutes(app);
  forgotPasswordRoute(app, attemptLimiter(app, 'forgot-password', LIMITS.forgotPassword), background);
  resendConfirmationRoute(
    app,
    attemptLimiter(app, 'resend-confirmation', LIMITS.resendConfirmation),
    background,
  );
  resetPasswordRoute(app);
  updateEmailRoute(app);
  cancelEmailChangeRoute(app);
  googleLoginRoutes(app);
}
