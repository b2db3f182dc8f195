import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { unlabelledControls } from './support/accessibility';
import { signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { ADMIN } from './support/server';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

const publicRoutes = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/confirmation-email-sent/',
  '/feedback',
  '/pricing',
  '/feedback-noauth',
  '/privacy-policy',
  '/tos',
  '/landing',
  '/scan',
  '/directindexing',
  '/tax-loss-harvesting',
  '/unauthorized',
  '/no-such-page',
];

const adminRoutes = [
  '/',
  '/etftrackings',
  '/portfolios',
  '/newtracking',
  '/newtracking/VOO',
  '/tracking/VOO',
  '/pricing',
  '/feedback',
  '/settings/account',
  '/settings/account/change-password',
  '/settings/account/change-email',
  '/settings/invoices',
  '/users',
  '/testpage',
  '/userstable',
  '/about',
  '/feedbackpanel',
  '/admin',
  '/admin/environment',
];

const visit = async (page: Page, route: string) => {
  await page.goto(route);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
};

describe('Quality in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads every public route without console errors and with every control labelled', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl);
    for (const route of publicRoutes) {
      await visit(page, route);
      expect(await unlabelledControls(page), route).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.skipIf(!accountsApi)('loads every signed-in route (as an admin) the same way', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl);
    await signIn(page, ADMIN);
    for (const route of adminRoutes) {
      await visit(page, route);
      expect(page.url(), route).toBe(`${baseUrl}${route}`);
      expect(await unlabelledControls(page), route).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps the initial JavaScript of /login under 200 KB gzipped', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(new URL(response.url()).pathname, gzipSync(await response.body()).length);
    });
    await visit(page, '/login');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `[e2e] /login loads ${scripts.size} scripts, ${kb(total)} gzipped:\n${[...scripts]
        .sort(([, a], [, b]) => b - a)
        .map(([file, size]) => `  ${kb(size).padStart(9)}  ${file}`)
        .join('\n')}`,
    );
    expect(total).toBeLessThan(200 * 1024);
    await context.close();
  });
});
