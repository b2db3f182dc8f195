import { createHmac } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 access token as the server signs them, for load tools that share the server's JWT_SECRET. */
export const signAccessToken = (secret: string, userId: string, plan?: string): string => {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      sub: `${userId}@load.local`,
      userId,
      ...(plan ? { plan } : {}),
      roles: [{ authority: 'ROLE_USER' }],
      iat: now,
      exp: now + 3600,
    }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
};
