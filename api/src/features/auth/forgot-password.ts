import {
  forgotPasswordRequestSchema,
  accountMessages as m,
  messageResponseSchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPasswordLinkMail } from '../../accounts/account-mail';
import type { AccountsContext } from '../../accounts/accounts-context';
import { findUserIdByEmail, loadUser } from '../../accounts/user-streams';

const sendLinkIfAccountExists = async (
  context: AccountsContext,
  email: string,
  hostname: string | undefined,
) => {
  const userId = await findUserIdByEmail(context.eventStore, email);
  if (!userId) return;
  const user = await loadUser(context.eventStore, userId);
  if (user.status !== 'registered' || user.disabled) return;
  await sendPasswordLinkMail(context, user, hostname, new Date());
};

/**
 * POST /api/auth/forgot-password: always the same 200 answer, sent before any look-up, so neither the body nor the
 * timing tells whether the address has an account. An existing account gets a reset link, or a create-password
 * link when it signs in with Google only.
 */
export const forgotPasswordRoute = (
  app: FastifyInstance,
  limit: preHandlerAsyncHookHandler,
  background: (task: () => Promise<void>) => void,
) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/auth/forgot-password',
    {
      preHandler: limit,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset (or create-password) link',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { email, hostname } = request.body;
      background(() => sendLinkIfAccountExists(app.accounts, email, hostname));
      return { message: m.forgotPasswordSent };
    },
  );
};
