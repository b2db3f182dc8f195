import { randomBytes } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import {
  isValidPassword,
  ROLE_ADMIN,
  ROLE_USER,
  type UserRole,
  validationMessages,
} from '@etf-replicator/core/contracts/accounts';
import type { DatabasePool } from 'slonik';
import type { AppConfig } from '../config';
import { createAccount } from './create-account';
import { hashPassword } from './passwords';
import { commandMetadata, executeUserCommand, findUserIdByEmail, loadUser } from './user-streams';

/** Embedded mode's demo accounts (documented in the README as demo-only). */
export const DEMO_USER = {
  email: 'demo@example.com',
  password: 'Demo1234!',
  firstName: 'Demo',
  lastName: 'Investor',
};
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

type SeedDeps = {
  readonly config: AppConfig;
  readonly eventStore: EventStore;
  readonly pool: DatabasePool;
  /** Where credentials are shown, once (the console). */
  readonly print: (text: string) => void;
};

/** A password that meets the rules: 12 random URL-safe characters plus one of each required class. */
const generatePassword = () => `${randomBytes(9).toString('base64url')}Aa1!`;

const actor = { actorUserId: 'system:seed' };

/** Creates a confirmed account (an admin when asked) unless the address is taken; true when it created one. */
const ensureAccount = async (
  deps: Pick<SeedDeps, 'eventStore' | 'pool'> & { warn?: (text: string) => void },
  account: { email: string; password: string; firstName: string; lastName: string; admin: boolean },
): Promise<boolean> => {
  const { eventStore, pool } = deps;
  const now = new Date();
  const existing = await findUserIdByEmail(eventStore, account.email);
  if (existing) {
    const user = await loadUser(eventStore, existing);
    if (account.admin && user.status === 'registered' && !user.emailConfirmed) {
      // Anyone can register an address; until its owner confirms it, the account (and its password) may be theirs.
      deps.warn?.(
        `${account.email} belongs to an account whose address is not confirmed, so it was NOT made an administrator. ` +
          'Register that address again in the app (this replaces the unconfirmed account’s password with yours and ' +
          'resends the confirmation e-mail), confirm it from the e-mail, then restart.',
      );
      return false;
    }
    if (account.admin && user.status === 'registered' && !user.roles.includes(ROLE_ADMIN)) {
      const roles: UserRole[] = [...user.roles, ROLE_ADMIN];
      await executeUserCommand(
        eventStore,
        existing,
        { type: 'SetRoles', data: { roles }, metadata: commandMetadata(now) },
        actor,
      );
    }
    return false;
  }
  const passwordHash = await hashPassword(account.password);
  const { email, firstName, lastName } = account;
  const created = await createAccount(
    { eventStore, pool },
    { email, firstName, lastName, passwordHash },
    now,
    actor,
  );
  if (created.status !== 'created') return false;
  const { userId } = created.user;
  await executeUserCommand(
    eventStore,
    userId,
    { type: 'ConfirmEmail', data: { email }, metadata: commandMetadata(now) },
    actor,
  );
  if (account.admin) {
    const roles: UserRole[] = [ROLE_USER, ROLE_ADMIN];
    await executeUserCommand(
      eventStore,
      userId,
      { type: 'SetRoles', data: { roles }, metadata: commandMetadata(now) },
      actor,
    );
  }
  return true;
};

/**
 * Start-up accounts. Embedded mode (PGlite, not production): on the first start a demo user and a demo admin, whose
 * credentials are printed once. Any mode: ADMIN_EMAIL (+ ADMIN_PASSWORD) makes sure that administrator exists; an
 * existing confirmed account with that address is promoted, its password left alone. An unconfirmed one is never
 * promoted (someone else may have registered the address first): a warning says what to do.
 */
export const seedAccounts = async (deps: SeedDeps): Promise<void> => {
  const { config, print } = deps;
  const lines: string[] = [];
  const embedded = config.readModels.kind === 'pglite' && config.eventLog.kind === 'pglite';
  if (embedded && config.NODE_ENV !== 'production') {
    if (await ensureAccount(deps, { ...DEMO_USER, admin: false })) {
      lines.push(`  user : ${DEMO_USER.email} / ${DEMO_USER.password}`);
    }
    const adminPassword = generatePassword();
    const demoAdmin = {
      email: DEMO_ADMIN_EMAIL,
      password: adminPassword,
      firstName: 'Demo',
      lastName: 'Admin',
      admin: true,
    };
    if (await ensureAccount(deps, demoAdmin)) lines.push(`  admin: ${DEMO_ADMIN_EMAIL} / ${adminPassword}`);
  }
  if (config.ADMIN_EMAIL) {
    if (config.ADMIN_PASSWORD && !isValidPassword(config.ADMIN_PASSWORD)) {
      throw new Error(`ADMIN_PASSWORD does not meet the password rules: ${validationMessages.passwordHint}`);
    }
    const password = config.ADMIN_PASSWORD ?? generatePassword();
    const admin = {
      email: config.ADMIN_EMAIL.toLowerCase(),
      password,
      firstName: 'Admin',
      lastName: 'User',
      admin: true,
    };
    if (await ensureAccount({ ...deps, warn: (text) => print(`WARNING: ${text}`) }, admin)) {
      lines.push(
        `  admin: ${admin.email}${config.ADMIN_PASSWORD ? ' (password from ADMIN_PASSWORD)' : ` / ${password}`}`,
      );
    }
  }
  if (lines.length === 0) return;
  const bar = '─'.repeat(72);
  print(
    [
      bar,
      'Accounts created (shown only this once; demo accounts are for local use only):',
      ...lines,
      bar,
    ].join('\n'),
  );
};

/** The demo investor for `npm run seed:demo` (any mode): created and confirmed if missing; returns its id. */
export const ensureDemoUser = async (deps: Pick<SeedDeps, 'eventStore' | 'pool'>): Promise<string> => {
  await ensureAccount(deps, { ...DEMO_USER, admin: false });
  const userId = await findUserIdByEmail(deps.eventStore, DEMO_USER.email);
  if (!userId) throw new Error(`Could not create ${DEMO_USER.email}`);
  return userId;
};
