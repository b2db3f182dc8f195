import { accountMessages as m } from '../contracts/accounts';
import { DomainError } from '../shared/domain-error';

/** Broken account rules, with the spec's messages (kind → status: validation 400, conflict 409, not_found 404). */
export const userErrors = {
  notFound: () => new DomainError('USER_NOT_FOUND', 'not_found', m.userNotFound),
  alreadyRegistered: () => new DomainError('USER_ALREADY_REGISTERED', 'conflict', m.emailTaken),
  disabled: () => new DomainError('USER_DISABLED', 'validation', m.userDisabled),
  alreadyConfirmed: () => new DomainError('EMAIL_ALREADY_CONFIRMED', 'conflict', m.confirmAlreadyDone),
  confirmTokenStale: () => new DomainError('CONFIRM_TOKEN_STALE', 'not_found', m.confirmTokenNotFound),
  emailInUse: () => new DomainError('EMAIL_IN_USE', 'conflict', m.emailInUse),
  emailChangeNotRequested: () =>
    new DomainError('EMAIL_CHANGE_NOT_REQUESTED', 'not_found', m.updateEmailTokenNotFound),
  incorrectCurrentPassword: () =>
    new DomainError('INCORRECT_CURRENT_PASSWORD', 'validation', m.incorrectCurrentPassword),
  passwordUnchanged: () => new DomainError('PASSWORD_UNCHANGED', 'conflict', m.passwordUnchanged),
  providerNotFound: () => new DomainError('PROVIDER_NOT_FOUND', 'validation', m.providerNotFound),
  lastSignInMethod: () => new DomainError('LAST_SIGN_IN_METHOD', 'conflict', m.lastSignInMethod),
  googleAlreadyConnected: () =>
    new DomainError('GOOGLE_ALREADY_CONNECTED', 'conflict', m.googleAlreadyConnected),
  ownAdminRole: () => new DomainError('OWN_ADMIN_ROLE', 'conflict', m.ownAdminRole),
  rolesRequired: () => new DomainError('ROLES_REQUIRED', 'validation', m.rolesRequired, 'roles'),
};
