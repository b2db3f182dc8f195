import { ROLE_ADMIN } from '@etf-replicator/core/contracts/accounts';

/** An admin's access token for tests (`email` defaults to `<userId>@example.com`). */
export const signAdminToken = (
  app: {
    signAccessToken: (claims: { sub: string; userId: string; roles: { authority: string }[] }) => string;
  },
  userId: string,
  email = `${userId}@example.com`,
): string => app.signAccessToken({ sub: email, userId, roles: [{ authority: ROLE_ADMIN }] });
