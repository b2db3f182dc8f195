import type { RegisteredUser } from '@etf-replicator/core/user/index';
import {
  confirmationMail,
  createPasswordMail,
  emailChangedNotice,
  emailChangeMail,
  emailChangeRequestedNotice,
  passwordResetMail,
} from '../mail/templates';
import type { AccountsContext } from './accounts-context';
import { issueToken } from './one-time-tokens';

/**
 * The e-mails of the account flows. Each one is sent after the events it follows are committed; the token is
 * stored (hashed) first, so a link in a delayed e-mail still works when it arrives.
 */
const nameOf = (user: RegisteredUser) => user.firstName;

export const sendConfirmationMail = async (
  context: AccountsContext,
  user: RegisteredUser,
  hostname: string | undefined,
  now: Date,
) => {
  const token = await issueToken(context.pool, {
    purpose: 'confirm_email',
    userId: user.userId,
    email: user.email,
    now,
  });
  const url = context.link(hostname, '/account-activation', { token });
  await context.mailer.send(confirmationMail(user.email, nameOf(user), url));
};

/** A reset link, or for an account without a password (Google only) a create-password link. */
export const sendPasswordLinkMail = async (
  context: AccountsContext,
  user: RegisteredUser,
  hostname: string | undefined,
  now: Date,
) => {
  const token = await issueToken(context.pool, {
    purpose: 'reset_password',
    userId: user.userId,
    email: user.email,
    now,
  });
  const url = context.link(hostname, '/reset-password', { token });
  const mail = user.hasPassword ? passwordResetMail : createPasswordMail;
  await context.mailer.send(mail(user.email, nameOf(user), url));
};

export const sendEmailChangeMail = async (
  context: AccountsContext,
  user: RegisteredUser,
  newEmail: string,
  hostname: string | undefined,
  now: Date,
) => {
  const token = await issueToken(context.pool, {
    purpose: 'change_email',
    userId: user.userId,
    email: newEmail,
    now,
  });
  const url = context.link(hostname, '/update-email', { token });
  await context.mailer.send(emailChangeMail(newEmail, nameOf(user), url));
  // The current address hears of it at once, with a way to stop it (issue 21).
  const cancelToken = await issueToken(context.pool, {
    purpose: 'cancel_email_change',
    userId: user.userId,
    email: user.email,
    now,
  });
  const cancelUrl = context.link(hostname, '/cancel-email-change', { token: cancelToken });
  await context.mailer.send(emailChangeRequestedNotice(user.email, nameOf(user), newEmail, cancelUrl));
};

export const sendEmailChangedNotice = (
  context: AccountsContext,
  user: RegisteredUser,
  previousEmail: string,
) => context.mailer.send(emailChangedNotice(previousEmail, nameOf(user), user.email));
