const base64Url = (value: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export type TestClaims = {
  sub?: string;
  userId?: string;
  plan?: string;
  roles?: unknown;
};

/** An unsigned JWT with the claims the server puts in access tokens (the client never verifies signatures). */
export const makeAccessToken = (claims: TestClaims = {}): string => {
  const payload = {
    sub: 'ada@example.com',
    userId: 'user-1',
    roles: [{ authority: 'ROLE_USER' }],
    ...claims,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
};

export const adminToken = (claims: TestClaims = {}): string =>
  makeAccessToken({
    sub: 'admin@example.com',
    userId: 'admin-1',
    roles: [{ authority: 'ROLE_ADMIN' }],
    ...claims,
  });
