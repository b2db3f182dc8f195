import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn, uniqueEmail } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { mailCount, mailLink } from './support/mailbox';
import { artifactsDir, repoRoot } from './support/paths';

const baseUrl = inject('baseUrl');

/** Kept in web/e2e/.artifacts; with UPDATE_SCREENSHOTS=1 also written to docs/screenshots for the README. */
const saveScreenshot = async (page: Page, name: string) => {
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, name) });
  if (process.env.UPDATE_SCREENSHOTS) {
    await mkdir(path.join(repoRoot, 'docs/screenshots'), { recursive: true });
    await page.screenshot({ path: path.join(repoRoot, 'docs/screenshots', name) });
  }
};
const accountsApi = inject('accountsApi');

describe.skipIf(!accountsApi)('A new user’s account journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers, confirms from the mailbox, signs in, changes the password, signs out and signs in again', async () => {
    const { page, consoleErrors, context } = await openPage(browser, baseUrl);
    const email = uniqueEmail('journey');
    const firstPassword = 'Start1234!';
    const newPassword = 'Changed5678@';

    // Register
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Grace');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Check Your Inbox' }).waitFor();

    // Signing in before confirming says why and offers a new confirmation e-mail (issue 15)
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Please confirm your email address before logging in.').waitFor();
    await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await page
      .getByRole('status')
      .getByText(/we sent a new confirmation email/)
      .waitFor();
    await expect.poll(() => mailCount(baseUrl, email), { timeout: 20_000 }).toBe(2);

    // Confirm through the (newest) link the server mailed
    await page.goto(await mailLink(baseUrl, email, '/account-activation'));
    await page.getByText('Account confirmed').waitFor();
    await page.getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL('**/login');

    // Sign in and see the shell
    await signIn(page, { email, password: firstPassword });
    await page.getByRole('heading', { level: 1, name: 'Recommended ETFs' }).waitFor();

    // Settings through the user menu (the README's screenshot shows the shell with this menu open)
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu').getByText(email).textContent()).resolves.toBe(email);
    await saveScreenshot(page, 'signed-in-shell.png');
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/settings/account');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByText('Grace Hopper').waitFor();

    // Change the password
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByLabel('Current Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully!').waitFor();

    // Sign out: a full reload to the landing page
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Replicate any ETF with individual stocks' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('hasRefreshToken'))).toBe('false');

    // The old password no longer works; the new one does
    await page.getByRole('link', { name: 'Log In' }).first().click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Username or Password Invalid').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Recommended ETFs' }).waitFor();

    // The only console errors are the browser's reports of the refused sign-ins (unconfirmed, old password).
    expect(
      consoleErrors.filter((error) => !error.includes('status of 400') && !error.includes('status of 401')),
    ).toEqual([]);
    await context.close();
  });
});
