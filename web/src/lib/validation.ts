/**
 * Validation rules and hints of spec 1 §5, from the accounts contract the API validates with, so both sides agree.
 * Shared by the sign-in and settings screens.
 */
import {
  isValidEmail as isValidEmailAddress,
  isValidName as isValidNameValue,
  isValidPassword,
  validationMessages,
} from '@etf-replicator/core/contracts/accounts';

export { isValidPassword };

export const messages = {
  passwordHint: validationMessages.passwordHint,
  confirmMatchesPassword: validationMessages.confirmPassword,
  confirmMatchesNewPassword: validationMessages.confirmNewPassword,
  emailGeneral: validationMessages.emailInvalid,
  emailRegistration: validationMessages.emailInvalidRegistration,
  name: validationMessages.nameInvalid,
  invalidEntry: validationMessages.invalidEntry,
  missingResetToken: validationMessages.resetMissingToken,
} as const;

/** The server trims before checking, so the form does too. */
export const isValidEmail = (value: string): boolean => isValidEmailAddress(value.trim());
export const isValidName = (value: string): boolean => isValidNameValue(value.trim());
