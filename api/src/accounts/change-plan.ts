import type { Plan } from '@etf-replicator/core/plans/plans';
import type { UserCommand } from '@etf-replicator/core/user/index';
import type { AccountsContext } from './accounts-context';
import { waitForUsers } from './accounts-context';
import { revokeAllForUser } from './refresh-tokens';
import { type Actor, commandMetadata, executeUserCommand } from './user-streams';

/**
 * Records a plan change on the user stream (UserPlanChanged). Billing webhooks and the admin endpoint use this
 * same command; `plan: null` is Free. The next refresh puts the new plan into the access token.
 */
export const changeUserPlan = async (
  context: AccountsContext,
  userId: string,
  plan: Plan | null,
  source: 'admin' | 'billing',
  actor: Actor = {},
) =>
  runAdminCommand(
    context,
    userId,
    { type: 'ChangePlan', data: { plan, source }, metadata: commandMetadata(new Date()) },
    actor,
  );

/** Runs a command and waits until the users read model shows it; a disabled user's sign-ins all end. */
export const runAdminCommand = async (
  context: AccountsContext,
  userId: string,
  command: UserCommand,
  actor: Actor = {},
) => {
  const result = await executeUserCommand(context.eventStore, userId, command, actor);
  if (command.type === 'DisableUser') await revokeAllForUser(context.pool, userId, command.metadata.now);
  await waitForUsers(context, result.position);
  return result;
};
