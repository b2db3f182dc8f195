import type { EventStore, Position } from '@etf-replicator/core';
import type { ProjectionRunner } from '@etf-replicator/projections';
import type { DatabasePool } from 'slonik';
import type { AppConfig } from '../config';
import type { LinkBuilder } from '../mail/links';
import type { Mailer } from '../mail/mailer';
import type { GoogleSignIn } from './google/google-sign-in';

/** What the account flows need, assembled once by the accounts plugin (`app.accounts`). */
export type AccountsContext = {
  readonly config: AppConfig;
  readonly eventStore: EventStore;
  /** Secrets tables and the users read model. */
  readonly pool: DatabasePool;
  readonly projections: ProjectionRunner;
  readonly mailer: Mailer;
  readonly link: LinkBuilder;
  /** Undefined when GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are not set. */
  readonly google: GoogleSignIn | undefined;
  /** Refresh and OAuth cookies carry `Secure` outside development. */
  readonly secureCookies: boolean;
  readonly log: {
    info: (object: object, message?: string) => void;
    warn: (object: object, message?: string) => void;
    error: (object: object, message?: string) => void;
  };
};

/** Read-your-writes: waits (bounded) until the users read model has applied a command's events. */
export const waitForUsers = async (context: AccountsContext, position: Position | undefined) => {
  if (position) await context.projections.waitForPosition(position, { projections: ['users'] });
};
