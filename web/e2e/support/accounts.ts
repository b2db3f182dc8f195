import type { Page } from 'playwright-core';
import { clientHeaders } from './client-address';
import { mailLink } from './mailbox';

export type Credentials = { email: string; password: string };

export const DEMO_USER: Credentials = { email: 'demo@example.com', password: 'Demo1234!' };

let counter = 0;
export const uniqueEmail = (label: string): string =>
  `${label}.${Date.now().toString(36)}${++counter}@example.com`;

/** A registered and confirmed account, made through the HTTP API (the UI journey covers the screens). */
export const confirmedUser = async (baseUrl: string, label: string): Promise<Credentials> => {
  const user = { email: uniqueEmail(label), password: 'Start1234!' };
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...clientHeaders() },
    body: JSON.stringify({ firstName: 'Test', lastName: 'User', ...user, hostname: new URL(baseUrl).host }),
  });
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const token = new URL(await mailLink(baseUrl, user.email, '/account-activation')).searchParams.get('token');
  const confirmed = await fetch(`${baseUrl}/api/auth/confirm?token=${encodeURIComponent(token ?? '')}`);
  if (!confirmed.ok) throw new Error(`confirm answered ${confirmed.status}`);
  return user;
};

/** Signs in through the login form; `trust` ticks Trust This Device so reloads keep the session. */
export const signIn = async (page: Page, { email, password }: Credentials, { trust = true } = {}) => {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (trust) await page.getByRole('checkbox', { name: 'Trust This Device' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
};
