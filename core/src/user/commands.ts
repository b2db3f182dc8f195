import type { UserRole } from '../contracts/accounts';
import type { Plan } from '../plans/plans';
import type { Command, DefaultCommandMetadata } from '../shared/decider';

/**
 * Time and event ids come in with the command so that `decide` stays pure. A command may produce several events,
 * so it carries more ids than `eventId` (the API passes fresh uuids; a retry after a lost race reuses them).
 */
export type UserCommandMetadata = DefaultCommandMetadata & {
  /** Ids for the second and later events of a command that produces several. */
  readonly moreEventIds?: readonly string[];
};

type UserCommand_<Type extends string, Data> = Command<Type, Data, UserCommandMetadata>;

/** Names are letters only; a Google account may lack them, so they are not checked here but at the boundary. */
export type RegisterUser = UserCommand_<
  'RegisterUser',
  { userId: string; email: string; firstName: string; lastName: string }
>;
export type RegisterGoogleUser = UserCommand_<
  'RegisterGoogleUser',
  { userId: string; email: string; firstName: string; lastName: string; providerUserId: string }
>;
/** `email` is the address the confirmation link was sent to. */
export type ConfirmEmail = UserCommand_<'ConfirmEmail', { email: string }>;
export type RequestEmailChange = UserCommand_<'RequestEmailChange', { newEmail: string }>;
/** Completes a requested change; the API has already reserved `newEmail` for this user. */
export type ChangeEmail = UserCommand_<'ChangeEmail', { newEmail: string }>;
/** A password set through an e-mailed link (reset, or create for a Google-only account). */
export type SetPassword = UserCommand_<'SetPassword', Record<string, never>>;
/** The API checks the hashes (secrets stay out of core) and passes what it found. */
export type ChangePassword = UserCommand_<
  'ChangePassword',
  { currentPasswordVerified: boolean; differsFromCurrent: boolean }
>;
export type ConnectGoogle = UserCommand_<'ConnectGoogle', { providerUserId: string; email: string }>;
export type DisconnectProvider = UserCommand_<'DisconnectProvider', { provider: string }>;
export type ChangePlan = UserCommand_<
  'ChangePlan',
  { plan: Plan | null; source: 'admin' | 'billing' | 'seed' }
>;
/** Sets the full role list; `byUserId` is the admin doing it (who may not drop their own admin role). */
export type SetRoles = UserCommand_<'SetRoles', { roles: readonly UserRole[]; byUserId?: string }>;
export type DisableUser = UserCommand_<'DisableUser', Record<string, never>>;
export type EnableUser = UserCommand_<'EnableUser', Record<string, never>>;

export type UserCommand =
  | RegisterUser
  | RegisterGoogleUser
  | ConfirmEmail
  | RequestEmailChange
  | ChangeEmail
  | SetPassword
  | ChangePassword
  | ConnectGoogle
  | DisconnectProvider
  | ChangePlan
  | SetRoles
  | DisableUser
  | EnableUser;
