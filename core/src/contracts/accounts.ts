import { z } from 'zod';

/**
 * Accounts and sessions contract (spec 1 §3, §5, §7, §8), shared by the API (validation, answers) and the web client
 * (form rules, messages, parsing). Regexes and messages are the spec's; change them here and both sides follow.
 */

//////// Validation rules (spec 1 §5, §9)

/** 8–24 characters with a lowercase letter, an uppercase letter, a digit and one of ! @ # $ %. */
export const PASSWORD_REGEX = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%]).{8,24}$/;
/** Word characters, dots and hyphens before @, domain labels, an ending of 2 to 4 characters. */
export const EMAIL_REGEX = /^[\w.-]+@(?:[\w-]+\.)+[\w-]{2,4}$/;
/** Letters only, at least 2 (any alphabet; capped at 50 so a name fits every screen). */
export const NAME_REGEX = /^\p{L}{2,50}$/u;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 24;

export const validationMessages = {
  passwordHint: '8-24 characters, must include uppercase, lowercase, number, and special character (!@#$%).',
  confirmPassword: 'Must match the password above.',
  confirmNewPassword: 'Must match the new password.',
  emailInvalid: 'Please enter a valid email address.',
  emailInvalidRegistration: 'Must be a valid email format.',
  nameInvalid: 'Must contain at least 2 characters and only letters.',
  invalidEntry: 'Invalid Entry',
  resetMissingToken: 'Invalid or missing token. Please request a new password reset.',
} as const;

export const isValidEmail = (email: string): boolean =>
  email.length <= EMAIL_MAX_LENGTH && EMAIL_REGEX.test(email);
export const isValidPassword = (password: string): boolean => PASSWORD_REGEX.test(password);
export const isValidName = (name: string): boolean => NAME_REGEX.test(name);

//////// Roles, plans and providers as the client sees them

export const ROLE_USER = 'ROLE_USER';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const userRoleSchema = z.enum([ROLE_USER, ROLE_ADMIN]);
export type UserRole = z.infer<typeof userRoleSchema>;

export const signInProviderSchema = z.enum(['emailpassword', 'google']);
export type SignInProvider = z.infer<typeof signInProviderSchema>;

//////// Answers (spec 1 §8): the API sends these as `{ message }`; the client may show them as they are

export const accountMessages = {
  registered: 'Registration successful. Please check your email to confirm your account.',
  emailTaken: 'Email is already taken',
  emailUnconfirmed:
    'Email already exists. Please check your email inbox and spam folder for the confirmation.',
  userDisabled: 'User is disabled',
  invalidCredentials: 'Username or Password Invalid',
  emailNotConfirmed: 'Please confirm your email address before logging in.',
  confirmationResent:
    'If this email belongs to an account waiting for confirmation, we sent a new confirmation email. Check your inbox and spam folder.',
  unauthorized: 'Unauthorized',
  sessionExpired: 'Your session has expired. Please log in again.',
  loggedOut: 'Logged out',
  userNotFound: 'User not found',
  confirmTokenNotFound: 'Token not found. Please check your confirmation link.',
  confirmAlreadyDone: 'Email already confirmed.',
  confirmTokenExpired: 'Token has expired. Please request a new confirmation email.',
  confirmed: 'Account confirmed',
  forgotPasswordSent: 'If an account exists for this email, we sent a link to reset or create its password.',
  resetTokenNotFound: 'Token not found. Please request a new password reset email.',
  resetTokenExpired: 'Token has expired. Please request a new password reset email.',
  passwordReset: 'Password reset successfully.',
  incorrectCurrentPassword: 'Incorrect current password.',
  passwordUnchanged: 'New password must differ from the current one.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordChanged: 'Password changed successfully!',
  invalidEmailFormat: 'Invalid email format.',
  changeEmailUnauthorized: 'Unauthorized. Please log in.',
  emailInUse: 'Email already in use.',
  changeEmailSent: 'An email has been sent to your new address. Please check your inbox to confirm.',
  updateEmailTokenNotFound: 'Token not found. Please request a new email change.',
  updateEmailTokenExpired: 'Token has expired. Please request a new email change.',
  emailUpdated: 'Email updated successfully.',
  changeEmailPasswordRequired: 'Please enter your current password.',
  changeEmailNoPassword:
    'Your account has no password yet. Create one first (Forgot password? emails you a link), then change your email.',
  emailChangeCancelled:
    'The email change was cancelled and every sign-in of your account was ended. If you did not ask for the change, reset your password now.',
  cancelEmailChangeTokenNotFound: 'This link is no longer valid: there is no pending email change to cancel.',
  cancelEmailChangeTokenExpired:
    'This link has expired: the email change it was about can no longer be confirmed either.',
  emailChangeAlreadyConfirmed:
    'The email change was already confirmed, so it cannot be cancelled here. Contact support right away.',
  disconnectFailed: 'Something went wrong. Please try again later.',
  providerNotFound: 'Something went wrong. Provider not found.',
  lastSignInMethod:
    'You cannot disconnect your only way to sign in. Create a password first: we can email you a link.',
  disconnected: 'Disconnected successfully',
  googleAlreadyConnected: 'Another Google account is already connected. Disconnect it first.',
  oauthEmailExists: 'Account with email already exists.',
  oauthGoogleIdExists: 'Google user id already exists.',
  oauthFailed: 'Google sign-in failed. Please try again.',
  oauthEmailNotVerified: 'Your Google account has no verified email address.',
  googleNotConfigured: 'Google sign-in is not configured',
  googleNotConfiguredHint: 'Google sign-in is not set up on this server. Use your e-mail and password.',
  googleConnectNotConfiguredHint:
    'Google sign-in is not set up on this server, so a Google account cannot be connected.',
  ownAdminRole: 'You cannot remove your own admin role.',
  rolesRequired: 'At least one role is required.',
} as const;

/** 429 answer of the rate-limited calls (login, register, forgot-password, resend-confirmation). */
export const tooManyAttemptsMessage = (retryAfterSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};

//////// Request bodies (spec 1 §3, §7)

const email = (message: string) =>
  z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH, message).regex(EMAIL_REGEX, message);
/** The site host the client runs on (`window.location.host`); links in e-mails use it only if it is allowed. */
const hostname = z.string().trim().max(253).optional();

export const registerRequestSchema = z.object({
  firstName: z.string().trim().regex(NAME_REGEX, validationMessages.nameInvalid),
  lastName: z.string().trim().regex(NAME_REGEX, validationMessages.nameInvalid),
  email: email(validationMessages.emailInvalidRegistration),
  password: z.string().regex(PASSWORD_REGEX, validationMessages.passwordHint),
  hostname,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH),
  password: z.string().max(128),
  /** "Trust This Device": a 30-day refresh cookie instead of a session cookie. */
  persist: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  email: email(validationMessages.emailInvalid),
  hostname,
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/resend-confirmation (issue 15): a new confirmation e-mail for an account not confirmed yet. */
export const resendConfirmationRequestSchema = z.object({
  email: email(validationMessages.emailInvalid),
  hostname,
});
export type ResendConfirmationRequest = z.infer<typeof resendConfirmationRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z.string().trim().min(1, validationMessages.resetMissingToken).max(200),
  password: z.string().regex(PASSWORD_REGEX, validationMessages.passwordHint),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().max(128),
  newPassword: z.string().max(128),
  confirmationPassword: z.string().max(128),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The e-mail format is checked by the handler so that the answer is exactly 'Invalid email format.'. */
export const changeEmailRequestSchema = z.object({
  newEmail: z.string().trim().toLowerCase().max(1000),
  /** Required (issue 21): a stolen session alone must not be able to move the account to another address. */
  currentPassword: z.string().max(200).optional(),
  hostname,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

export const disconnectRequestSchema = z.object({ providerType: z.string().trim().max(50) });
export type DisconnectRequest = z.infer<typeof disconnectRequestSchema>;

export const tokenQuerySchema = z.object({ token: z.string().trim().max(200).optional() });

//////// Responses

export const messageResponseSchema = z.object({ message: z.string() });
export const accessTokenResponseSchema = z.object({ access_token: z.string() });
/** GET /api/manage-connection/google: where the browser goes to connect Google. */
export const connectUrlResponseSchema = z.string();

/** The User entity of spec 1 §3. `password` is a mask (never a hash); null when the user has no password. */
export const userProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  password: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  roles: z.array(userRoleSchema),
  role: userRoleSchema,
  plan: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  oauthProviders: z.array(z.object({ provider: signInProviderSchema, email: z.string() })),
  emailConfirmed: z.boolean(),
  pendingEmail: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const PASSWORD_MASK = '********';

export const userListSchema = z.array(userProfileSchema);

/** GET /api/auth/providers: which sign-in providers this server offers, so the client never links to a dead one. */
export const signInProvidersSchema = z.object({ google: z.boolean() });
export type SignInProviders = z.infer<typeof signInProvidersSchema>;
