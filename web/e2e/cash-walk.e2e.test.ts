import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import { dec } from '@etf-replicator/core/shared/decimal';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { formatMoney } from '../src/lib/format';
import { signIn } from './support/accounts';
import { expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser';
import { artifactsDir } from './support/paths';
import { saveScreenshot } from './support/screenshots';
import { ADMIN, type RunningServer, startServer } from './support/server';
import { apiCall, apiToken, paidUser, trackingsApi } from './support/trackings-api';

const accountsApi = inject('accountsApi');
const webDist = inject('webDist');

/**
 * One section of the page as it is on screen (web/e2e/.artifacts): the whole section, or for a long one (hundreds
 * of orders) its top, as the viewport shows it once scrolled there.
 */
const saveSection = async (section: Locator, name: string) => {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, name);
  const box = await section.boundingBox();
  if (box && box.height <= 1400) {
    await section.screenshot({ path: file, animations: 'disabled' });
  } else {
    // Its top just below the fixed top bar.
    await section.evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -80);
    });
    await section.page().screenshot({ path: file, animations: 'disabled' });
  }
};

/**
 * Issue 32's cash walk in the browser, on a server of its own (a dated snapshot moves every tracking of the server):
 * a $25,000 fixed-target VOO tracking, fully invested at the bundle's October closes → the admin publishes the
 * 2025-11-18 closes → the page offers orders within the cash and says what reaching the target takes, the dashboard
 * and the orders panel with one figure → the orders within the cash are recorded → "Add $X…" records the cash and
 * the orders in one request → the target is reached, the cash never below zero. The list and the rate chart lead
 * with the share of VOO held. Screenshots at 375 and 1280 px.
 */
describe.skipIf(!accountsApi)('Cash of a fixed target after prices move (issue 32)', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(webDist, { MARKET_REFRESH_CRON: 'off' });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('orders within the cash, add what is missing with its orders in one request, cash never below zero', async () => {
    const baseUrl = server.baseUrl;
    const admin = await apiToken(baseUrl, ADMIN);
    const { user, token } = await paidUser(baseUrl, 'cash', 'PRO');
    const api = trackingsApi(baseUrl, token);
    const { trackingId } = await apiCall<{ trackingId: string }>(baseUrl, token, 'POST', '/api/trackings', {
      symbol: 'VOO',
      currentReplication: { targetInvestmentAmount: '25000', investments: [], leftoverAmount: '25000' },
      fractionalShares: true,
    });
    const created = await api.detail(trackingId);
    await apiCall(
      baseUrl,
      token,
      'POST',
      `/api/trackings/${trackingId}/applyAdjustmentOrders`,
      created.adjustmentOrders.map(({ symbol, shares, orderType }) => ({ symbol, shares, orderType })),
    );
    expect((await api.detail(trackingId)).cashToReachTarget).toBe('0.00');

    // The admin publishes the closes of 2025-11-18: the holdings are worth less than the $25,000 target.
    await apiCall(baseUrl, admin, 'POST', '/api/admin/market/import', { asOf: '2025-11-18' });
    await expect
      .poll(async () => (await api.detail(trackingId)).pricesAsOf?.to, { timeout: 60_000 })
      .toBe('2025-11-18');
    const moved = await api.detail(trackingId);
    const missing = moved.cashToReachTarget ?? '0';
    expect(dec(missing).gt(0)).toBe(true);
    expect(moved.adjustmentOrders.length).toBeGreaterThan(0);
    const addLabel = `Add ${formatMoney(missing)}…`;

    // Both widths see the same figure in the dashboard and the orders panel; nothing scrolls sideways.
    for (const width of [375, 1280]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('VOO', trackingId));
      const dashboard = page.getByRole('region', { name: 'Replication dashboard' });
      const orders = page.getByRole('region', { name: 'Suggested adjustment orders' });
      await dashboard.getByTestId('reach-target').waitFor();
      for (const section of [dashboard, orders])
        await expect(section.getByTestId('reach-target').textContent()).resolves.toContain(
          `Add ${formatMoney(missing)} to reach the target`,
        );
      await expect(dashboard.getByTestId('etf-share').textContent()).resolves.toMatch(
        /^Holds \d+\.\d\d% of VOO$/,
      );
      await saveSection(dashboard, `cash-walk-dashboard-below-target-${width}.png`);
      await saveSection(orders, `cash-walk-orders-within-cash-${width}.png`);
      await expectNoSidewaysScroll(page, width);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }

    // At 1280 px: record the orders within the cash, then add what is missing with its orders.
    const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    await signIn(page, user);
    await page.goto(paths.trackingById('VOO', trackingId));
    const orders = page.getByRole('region', { name: 'Suggested adjustment orders' });
    await orders.getByRole('checkbox', { name: 'Select all' }).check();
    await orders.getByRole('button', { name: `Execute selected (${moved.adjustmentOrders.length})` }).click();
    // Issue 32 item 4: the fills confirmation, recorded at its defaults (snapshot prices, today, the lot method).
    await page
      .getByRole('dialog', { name: /^Record (the executed order|\d+ executed orders)$/ })
      .getByRole('button', { name: 'Record' })
      .click();
    await orders.getByText("No orders to execute with the tracking's cash.").waitFor({ timeout: 60_000 });
    const within = await api.detail(trackingId);
    expect(dec(within.currentReplication.leftoverAmount).gte(0)).toBe(true);
    expect(within.cashToReachTarget).toBe(missing);

    const requests: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/applyAdjustmentOrders'))
        requests.push(request.postDataJSON());
    });
    await page
      .getByRole('region', { name: 'Replication dashboard' })
      .getByRole('button', { name: addLabel })
      .click();
    const dialog = page.getByRole('dialog', { name: `Add ${formatMoney(missing)} to reach the target` });
    await dialog.waitFor();
    await dialog.screenshot({ path: path.join(artifactsDir, 'cash-walk-add-dialog-1280.png') });
    await dialog.getByRole('button', { name: /^Add .* and record \d+ orders?$/ }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    expect(requests).toEqual([{ addCash: missing, orders: expect.any(Array) }]);
    const reached = await api.detail(trackingId);
    expect(reached.cashToReachTarget).toBe('0.00');
    expect(dec(reached.currentReplication.leftoverAmount).gte(0)).toBe(true);
    expect(reached.currentReplication.targetInvestmentAmount).toBe('25000.00');
    await expect.poll(() => page.getByTestId('reach-target').count()).toBe(0);
    // The cash is its own history entry, revertible alone; it was recorded first, under the orders (newest first).
    const entries: HistoryEntry[] = [];
    for (let page = 0; entries.length === 50 * page; page += 1) {
      const history = await apiCall<{ content: HistoryEntry[] }>(
        baseUrl,
        token,
        'GET',
        `/api/history/${trackingId}?page=${page}&size=50`,
      );
      entries.push(...history.content);
    }
    const addition = entries.find((entry) => entry.actionType === 'ADD_CASH' && entry.revertible);
    expect(addition).toBeDefined();
    expect(consoleErrors).toEqual([]);
    await context.close();

    // After: the dashboard, the list and the rate chart at both widths.
    for (const width of [375, 1280]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('VOO', trackingId));
      const dashboard = page.getByRole('region', { name: 'Replication dashboard' });
      await dashboard.getByTestId('etf-share').waitFor();
      await saveSection(dashboard, `cash-walk-dashboard-reached-${width}.png`);
      const chart = page.getByRole('figure', { name: 'Replication rate over time' });
      await chart.waitFor();
      await expect.poll(() => chart.getByText('New ETF snapshot (1)').count()).toBe(1);
      await saveSection(chart, `cash-walk-rate-chart-${width}.png`);
      await expectNoSidewaysScroll(page, width);
      await page.goto(paths.etfTrackings);
      await page.getByRole('table').waitFor();
      await expect(page.getByRole('table').textContent()).resolves.toMatch(/Holds \d+\.\d\d% of VOO/);
      await saveScreenshot(page, `cash-walk-trackings-list-${width}.png`);
      await expectNoSidewaysScroll(page, width);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }

    // Reverting the cash after its orders spent it (an explicit command) leaves money owed to the target: shown as
    // such, never as a leftover, and the orders sell it back.
    await apiCall(baseUrl, token, 'POST', `/api/history/${trackingId}/revert`, { actionId: addition?.id });
    const owing = await api.detail(trackingId);
    const owed = dec(owing.currentReplication.leftoverAmount).neg();
    expect(owed.gt(0)).toBe(true);
    for (const width of [375, 1280]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('VOO', trackingId));
      const dashboard = page.getByRole('region', { name: 'Replication dashboard' });
      await dashboard.getByText('Owed to the target', { exact: true }).waitFor();
      expect(await dashboard.getByText('Leftover', { exact: true }).count()).toBe(0);
      await expect(dashboard.getByTestId('leftover').textContent()).resolves.toBe(formatMoney(owed));
      await saveSection(dashboard, `cash-walk-dashboard-owed-${width}.png`);
      await page.goto(paths.etfTrackings);
      await page.getByText(`Owed to the target: ${formatMoney(owed)}`).waitFor();
      await saveScreenshot(page, `cash-walk-trackings-list-owed-${width}.png`);
      await expectNoSidewaysScroll(page, width);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
    await apiCall(
      baseUrl,
      token,
      'POST',
      `/api/trackings/${trackingId}/applyAdjustmentOrders`,
      owing.adjustmentOrders.map(({ symbol, shares, orderType }) => ({ symbol, shares, orderType })),
    );
    expect(dec((await api.detail(trackingId)).currentReplication.leftoverAmount).gte(0)).toBe(true);
  }, 600_000);
});
