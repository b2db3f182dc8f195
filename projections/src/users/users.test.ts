import type { Position, RecordedEvent } from '@etf-replicator/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadModels } from '../migrate-read-models';
import { openPgliteTestDatabase, type TestDatabase } from '../testing';
import { usersProjector } from './projector';
import { findUserByEmail, getUserById, listUsers } from './queries';

const at = '2026-01-01T00:00:00.000Z';
let revision = 0;
const recorded = (
  userId: string,
  type: string,
  data: object,
  streamRevision = revision++,
): RecordedEvent => ({
  id: `${userId}-${streamRevision}`,
  type,
  data: { userId, ...data },
  metadata: { schemaVersion: 1 },
  streamId: `user-${userId}`,
  streamRevision,
  globalPosition: String(streamRevision) as Position,
  recordedAt: new Date(at),
});

describe('users projector', () => {
  let test: TestDatabase;
  const apply = (...events: RecordedEvent[]) =>
    test.db.pool.transaction(async (tx) => {
      for (const event of events) await usersProjector.handle(tx, event);
    });

  beforeAll(async () => {
    test = await openPgliteTestDatabase();
    await migrateReadModels(test.db);
  });
  afterAll(() => test.dispose());

  it('builds a profile from registration, confirmation, Google, plan and roles', async () => {
    revision = 0;
    const registered = recorded('u-1', 'UserRegistered', {
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      signInMethod: 'emailpassword',
      registeredAt: at,
    });
    await apply(
      registered,
      recorded('u-1', 'UserEmailConfirmed', { email: 'ann@example.com', confirmedAt: at }),
      recorded('u-1', 'OAuthProviderConnected', {
        provider: 'google',
        providerUserId: 'g-1',
        email: 'ann@gmail.com',
        connectedAt: at,
      }),
      recorded('u-1', 'UserPlanChanged', { plan: 'PRO', previousPlan: null, source: 'admin', changedAt: at }),
      recorded('u-1', 'UserRoleGranted', { role: 'ROLE_ADMIN', grantedAt: at }),
      recorded('u-1', 'UserRoleGranted', { role: 'ROLE_ADMIN', grantedAt: at }),
      recorded('u-1', 'UserRoleRevoked', { role: 'ROLE_USER', revokedAt: at }),
    );
    expect(await getUserById(test.db.pool, 'u-1')).toMatchObject({
      email: 'ann@example.com',
      email_confirmed: true,
      has_password: true,
      google_user_id: 'g-1',
      plan: 'PRO',
      roles: ['ROLE_ADMIN'],
    });
  });

  it('ignores a replayed event (the row keeps its revision)', async () => {
    revision = 10;
    const changed = recorded(
      'u-2',
      'UserEmailChanged',
      { previousEmail: 'a@b.com', newEmail: 'new@example.com', changedAt: at },
      2,
    );
    await apply(
      recorded(
        'u-2',
        'UserRegistered',
        {
          email: 'old@example.com',
          firstName: 'Bo',
          lastName: 'Ek',
          signInMethod: 'google',
          registeredAt: at,
        },
        0,
      ),
      recorded('u-2', 'UserEmailChangeRequested', { newEmail: 'new@example.com', requestedAt: at }, 1),
      changed,
      recorded('u-2', 'UserDisabled', { disabledAt: at }, 3),
    );
    await apply(
      recorded('u-2', 'UserEmailChangeRequested', { newEmail: 'replayed@example.com', requestedAt: at }, 1),
    );
    const row = await findUserByEmail(test.db.pool, 'NEW@example.com');
    expect(row).toMatchObject({ id: 'u-2', pending_email: null, disabled: true, has_password: false });
  });

  it('skips events that break their schema or sit on another stream', async () => {
    await apply(
      { ...recorded('u-3', 'UserRegistered', { email: 42 }, 0) },
      { ...recorded('u-4', 'UserDisabled', { disabledAt: at }, 0), streamId: 'tracking-u-4' },
    );
    expect(await getUserById(test.db.pool, 'u-3')).toBeNull();
    expect((await listUsers(test.db.pool)).map((user) => user.id)).toEqual(['u-1', 'u-2']);
  });
});
