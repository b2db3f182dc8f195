import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { REFRESH_COOKIE } from '../session';

/** Test-only helpers for the account flows (they import vitest). */
export type MailboxEntry = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
};

export const PASSWORD = 'Secret12!';
export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export const mailbox = async (app: TestApp, to: string): Promise<MailboxEntry[]> => {
  const response = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Waits for the n-th message to an address (forgot-password mails are sent after the answer). */
export const waitForMail = async (app: TestApp, to: string, count = 1, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await mailbox(app, to);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} e-mail(s) to ${to}, found ${messages.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

export const tokenOf = (link: string | undefined): string => {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in ${link}`);
  return token;
};

export const refreshCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A client address of its own per call, so that the per-IP limits only bite where a test means them to. */
export const someIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export const register = (app: TestApp, email: string, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: someIp(),
    payload: {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: PASSWORD,
      hostname: 'localhost:3000',
      ...extra,
    },
  });

export const login = (
  app: TestApp,
  email: string,
  password = PASSWORD,
  extra: Record<string, unknown> = {},
) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...extra } });

export const confirmFromMailbox = async (app: TestApp, email: string) => {
  const [mail] = await waitForMail(app, email);
  return app.inject({ method: 'GET', url: `/api/auth/confirm?token=${tokenOf(mail?.links[0])}` });
};

/** A confirmed account, signed in: its access token, refresh cookie and user id. */
export const signedInUser = async (app: TestApp, email = uniqueEmail()) => {
  expect((await register(app, email)).statusCode).toBe(201);
  expect((await confirmFromMailbox(app, email)).statusCode).toBe(200);
  const response = await login(app, email);
  expect(response.statusCode).toBe(200);
  const accessToken: string = response.json().access_token;
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] as string, 'base64url').toString());
  return {
    email,
    accessToken,
    userId: payload.userId as string,
    refresh: refreshCookieOf(response)?.value as string,
  };
};

/** Decodes an access token's claims (no verification: the tests check what the client would read). */
export const claimsOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1] as string, 'base64url').toString());
