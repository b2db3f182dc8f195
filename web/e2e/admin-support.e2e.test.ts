import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Credentials, confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { ADMIN } from './support/server';
import { apiCall, apiToken, trackingsApi } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

type Order = TrackingDetail['adjustmentOrders'][number];
type AuditPage = { entries: { eventType: string; data: { symbol?: string } }[] };

const ADMIN_ENDPOINTS = [
  '/api/admin/audit',
  '/api/admin/audit/filters',
  '/api/admin/audit/export',
  '/api/admin/trackings',
  '/api/admin/trackings/x/replay',
  '/api/admin/users',
  '/api/admin/about',
  '/api/endpoint3',
  '/api/retrieve-feedback',
];

/** The symbols in the time-travel Positions table, and their shares. */
const shownPositions = async (page: Page) => {
  const table = page.getByRole('table', { name: 'Positions' });
  const rows = await table.locator('tbody tr').all();
  const entries: [string, number][] = [];
  for (const row of rows) {
    const symbol = (await row.getByRole('rowheader').textContent()) ?? '';
    entries.push([symbol, Number(await row.locator('td').first().textContent())]);
  }
  return Object.fromEntries(entries);
};

describe.skipIf(!accountsApi)('Admin and support against the real server', () => {
  let browser: Browser;
  let user: Credentials;
  let userToken: string;
  let trackingId: string;
  let orders: Order[];

  beforeAll(async () => {
    browser = await launchBrowser();
    // An investor of their own (the demo user's single free tracking belongs to the tracking journey).
    user = await confirmedUser(baseUrl, 'support');
    userToken = await apiToken(baseUrl, user);
    const created = await apiCall<{ trackingId: string }>(baseUrl, userToken, 'POST', '/api/trackings', {
      symbol: 'VOO',
      currentReplication: { targetInvestmentAmount: '10000', investments: [], leftoverAmount: '10000' },
    });
    trackingId = created.trackingId;
    orders = (await trackingsApi(baseUrl, userToken).detail(trackingId)).adjustmentOrders.slice(0, 2);
    expect(orders.map((order) => order.orderType)).toEqual(['BUY', 'BUY']);
    for (const { symbol, shares, orderType } of orders) {
      await apiCall(baseUrl, userToken, 'POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, {
        symbol,
        shares,
        orderType,
      });
    }
    // The audit log is its own projection: wait until it has both orders before the browser looks.
    const admin = await apiToken(baseUrl, ADMIN);
    const query = `/api/admin/audit?user=${encodeURIComponent(user.email)}&eventType=OrderExecuted`;
    const deadline = Date.now() + 20_000;
    while ((await apiCall<AuditPage>(baseUrl, admin, 'GET', query)).entries.length < 2) {
      if (Date.now() > deadline) throw new Error('The audit log did not show both orders');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('answers 401 signed out and 403 to a ROLE_USER on every admin endpoint', async () => {
    for (const endpoint of ADMIN_ENDPOINTS) {
      expect([endpoint, (await fetch(`${baseUrl}${endpoint}`)).status]).toEqual([endpoint, 401]);
      const asUser = await fetch(`${baseUrl}${endpoint}`, {
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect([endpoint, asUser.status]).toEqual([endpoint, 403]);
    }
  });

  it('answers what the user did and what their tracking looked like: audit log → time travel → one order back', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width: 1440, height: 900 });
    await page.goto('/admin');
    await page.waitForURL('**/login');
    await signIn(page, ADMIN);
    await page.waitForURL('**/admin');
    await page.getByRole('link', { name: /^Audit log/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();

    // Filter to this user's executed orders (ExecuteOrder is recorded as OrderExecuted).
    await page.getByRole('textbox', { name: 'User (e-mail or id)' }).fill(user.email);
    await page.locator('#audit-type option[value="OrderExecuted"]').waitFor({ state: 'attached' });
    await page.getByRole('combobox', { name: 'Event type' }).selectOption('OrderExecuted');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/eventType=OrderExecuted/);
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
    const details = table.getByRole('button', { name: /^Details of OrderExecuted/ });
    await expect.poll(() => details.count()).toBe(2);
    await expect(table.getByRole('cell', { name: user.email, exact: true }).count()).resolves.toBe(4);
    await page.getByText('2 events shown').waitFor();

    // The newest row is the second order; its details name the actor and lead to the tracking at that moment.
    await details.first().click();
    const [first, second] = orders as [Order, Order];
    await table.getByText(`"symbol": "${second.symbol}"`).waitFor();
    await table.getByText('Correlation id').waitFor();
    await saveScreenshot(page, 'admin-audit-log.png');
    await page.getByRole('link', { name: 'Open time travel at this event' }).click();
    await page.getByRole('heading', { level: 1, name: 'Time travel: VOO tracking' }).waitFor();
    await expect
      .poll(() => shownPositions(page))
      .toEqual({ [first.symbol]: Number(first.shares), [second.symbol]: Number(second.shares) });
    await saveScreenshot(page, 'admin-time-travel.png');

    // One step back with the keyboard: before the second order, only the first position.
    const slider = page.getByRole('slider', { name: 'Position in history' });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shownPositions(page)).toEqual({ [first.symbol]: Number(first.shares) });
    await expect(slider.getAttribute('aria-valuetext')).resolves.toMatch(/^Event 2 of 3: OrderExecuted/);
    const orderRows = page.getByRole('table', { name: 'Adjustment orders' }).getByRole('rowheader');
    await expect.poll(() => orderRows.allTextContents()).toContain(second.symbol);

    // Back before any order: the tracking as it was created.
    await page.keyboard.press('ArrowLeft');
    await page.getByText('No positions yet.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/trackings/${trackingId}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('serves the other admin screens without a console error', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width: 1440, height: 900 });
    await page.goto('/users');
    await page.waitForURL('**/login');
    await signIn(page, ADMIN);
    await page.getByRole('list', { name: 'Users' }).getByText(user.email, { exact: true }).waitFor();

    await page.getByRole('link', { name: 'UsersTable' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('tbody tr', { hasText: user.email });
    await expect.poll(() => row.count()).toBe(1);
    await expect(row.getByRole('cell', { name: 'Password set (hidden)' }).textContent()).resolves.toBe(
      '********',
    );
    await saveScreenshot(page, 'admin-users-table.png');

    await page.getByRole('link', { name: 'TestPage' }).click();
    await page.getByRole('button', { name: 'Fetch /api/endpoint3' }).click();
    await page.getByText('"message": "endpoint3 is working"').waitFor();
    await page.getByRole('button', { name: 'Fetch /api/stock/AAPL' }).click();
    await page.getByText('"symbol": "AAPL"').waitFor();

    await page.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'Projection lag' }).waitFor();
    await page.getByText('PGlite (embedded PostgreSQL)').first().waitFor();
    await saveScreenshot(page, 'admin-about.png');

    await page.getByRole('link', { name: 'FeedbackPanel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Feedback Insights' }).waitFor();
    await page
      .getByText(/responses?$/)
      .first()
      .waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
