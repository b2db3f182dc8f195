import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { apiToken } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');
const LIMIT_MESSAGE = 'Purchase a premium plan to unlock more trackings or upgrade your current plan';

const call = async (token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
};

const createTracking = (token: string, symbol: string) =>
  call(token, 'POST', '/api/trackings', {
    symbol,
    currentReplication: { targetInvestmentAmount: '10000', investments: [] },
  });
const mayCreate = async (token: string) =>
  (await call(token, 'GET', '/api/trackings/check-trackings-number')).body;
const visibleHoldings = async (token: string) =>
  ((await call(token, 'GET', '/api/etf/etf-holdings?etfSymbol=VOO')).body as unknown[]).length;

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

const newTrackingButton = async (page: Page) => {
  await page.goto('/etftrackings');
  const button = page.getByRole('button', { name: 'New Tracking' }).first();
  await button.waitFor();
  return button;
};

describe.skipIf(!accountsApi)('Billing in local test mode', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a free user at the tracking limit upgrades to Growth, gets more trackings and holdings, cancels and is Free again', async () => {
    const config = await (await fetch(`${baseUrl}/api/billing/config`)).json();
    if (config.mode !== 'local') {
      console.warn(
        '[e2e] SKIPPING the billing journey: Stripe is configured in this environment (not local mode).',
      );
      return;
    }
    const user = await confirmedUser(baseUrl, 'billing');
    const { page, consoleErrors, context } = await openPage(browser, baseUrl);
    await signIn(page, user);

    // Free: one tracking, then the limit (the trackings API is the server's own enforcement).
    let token = await apiToken(baseUrl, user);
    expect((await createTracking(token, 'VOO')).status).toBe(200);
    expect(await mayCreate(token)).toBe(false);
    expect(await createTracking(token, 'QQQ')).toMatchObject({
      status: 403,
      body: { message: LIMIT_MESSAGE },
    });
    expect(await visibleHoldings(token)).toBe(5);
    await (await newTrackingButton(page)).click();
    await page.getByText(LIMIT_MESSAGE).first().waitFor();

    // Upgrade to Growth through the local checkout.
    await page.goto('/pricing');
    await page.getByRole('complementary', { name: 'Local test mode' }).waitFor();
    await expect(sidebar(page).getByRole('link', { name: 'Pricing' }).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Subscribe to Growth' }).click();
    await page.getByRole('heading', { name: 'Checkout: Growth' }).waitFor();
    await page.getByRole('button', { name: 'Pay $39.00 and subscribe' }).click();
    const dashboard = page.getByRole('region', { name: 'Billing Dashboard' });
    await dashboard.waitFor();
    await dashboard.getByText('Active').waitFor();
    await dashboard.getByText('Growth').waitFor();
    await expect(dashboard.textContent()).resolves.toContain(user.email);
    await sidebar(page).getByRole('link', { name: 'Billing' }).waitFor();

    // The plan opens at once: more trackings and more holdings.
    token = await apiToken(baseUrl, user);
    expect(await mayCreate(token)).toBe(true);
    expect((await createTracking(token, 'QQQ')).status).toBe(200);
    expect(await visibleHoldings(token)).toBeGreaterThan(5);
    await (await newTrackingButton(page)).click();
    await page.waitForURL('**/newtracking');

    // The invoice is there.
    await page.goto('/settings/invoices');
    const row = page.getByRole('row').filter({ hasText: '$39.00' });
    await row.getByText('Paid').waitFor();
    await expect(row.getByRole('link', { name: /Download invoice/ }).getAttribute('href')).resolves.toMatch(
      /^\/api\/billing\/local\/invoices\/in_local_/,
    );

    // Manage Billing (a browser form post answered with a redirect) opens the local portal; cancel there.
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    await page.waitForURL('**/pricing?portal=local');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your subscription?' })
      .getByRole('button', { name: 'Yes, cancel' })
      .click();
    await page.getByRole('link', { name: 'Subscribe to Growth' }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Pricing' }).waitFor();

    // Free again: both trackings are kept, a new one is blocked, holdings are back to five.
    token = await apiToken(baseUrl, user);
    expect((await call(token, 'GET', '/api/trackings/trackings-summary')).body).toHaveLength(2);
    expect(await mayCreate(token)).toBe(false);
    expect(await visibleHoldings(token)).toBe(5);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
