import { decodeJwt } from './jwt-decode';

/** What the client keeps from an access token (spec 1 §3): sub, userId, plan, roles[].authority. */
export type SessionClaims = {
  subject: string | undefined;
  userId: string | undefined;
  plan: string | undefined;
  roles: string[];
};

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

const readRoles = (roles: unknown): string[] => {
  try {
    if (!Array.isArray(roles)) throw new TypeError('roles is not a list');
    return roles.map((role: unknown) => {
      const authority = (role as { authority?: unknown } | null)?.authority;
      if (typeof authority !== 'string') throw new TypeError('a role has no authority');
      return authority;
    });
  } catch (error) {
    // Spec 1 §8: a role-parsing failure is logged and yields no roles (the user then reaches no guarded page).
    console.warn('Could not read the roles of the access token:', error);
    return [];
  }
};

/** Decodes the claims; throws InvalidTokenError for a token that is not a JWT. */
export const readClaims = (accessToken: unknown): SessionClaims => {
  const payload = decodeJwt(accessToken);
  return {
    subject: optionalString(payload.sub),
    userId:
      optionalString(payload.userId) ??
      (typeof payload.userId === 'number' ? String(payload.userId) : undefined),
    plan: optionalString(payload.plan),
    roles: readRoles(payload.roles),
  };
};
