import {
  accountMessages as m,
  messageResponseSchema,
  resendConfirmationRequestSchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendConfirmationMail } from '../../accounts/account-mail';
import type { AccountsContext } from '../../accounts/accounts-context';
import { findUserIdByEmail, loadUser } from '../../accounts/user-streams';

const resendIfUnconfirmed = async (context: AccountsContext, email: string, hostname: string | undefined) => {
  const userId = await findUserIdByEmail(context.eventStore, email);
  if (!userId) return;
  const user = await loadUser(context.eventStore, userId);
  if (user.status !== 'registered' || user.disabled || user.emailConfirmed) return;
  await sendConfirmationMail(context, user, hostname, new Date());
};

/**
 * POST /api/auth/resend-confirmation (issue 15: the login page offers it to an account that is not confirmed yet).
 * Like forgot-password it always gives the same 200 answer, sent before any look-up, so neither the body nor the
 * timing tells whether the address has an account or is confirmed; it is rate-limited per address and per client.
 */
export const resendConfirmationRoute = (
  app: FastifyInstance,
  limit: preHandlerAsyncHookHandler,
  background: (task: () => Promise<void>) => void,
) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/auth/resend-confirmation',
    {
      preHandler: limit,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a new confirmation link to an account not confirmed yet',
        body: resendConfirmationRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { email, hostname } = request.body;
      background(() => resendIfUnconfirmed(app.accounts, email, hostname));
      return { message: m.confirmationResent };
    },
  );
};
