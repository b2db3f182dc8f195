import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { displayLeftover } from '@etf-replicator/core/shared/money';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// The screen's own formatting (money half-up to the cent, shares truncated), not a copy of its rules.
import { formatMoney, formatPercent as formatRate, formatShares } from '../src/lib/format';
import { DEMO_USER, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { artifactsDir, repoRoot } from './support/paths';
import { apiToken, trackingsApi } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

/** Whether the trackings API is there (an unknown route answers 404, a known one 401 without a token). */
const hasTrackingsApi = async (): Promise<boolean> =>
  (await fetch(`${baseUrl}/api/trackings/trackings-summary`)).status !== 404;

/**
 * The whole tracking detail page (the viewport grows to the page's height, so the fixed shell stays in place);
 * with UPDATE_SCREENSHOTS=1 also the README's docs/screenshots copy.
 */
const saveTrackingScreenshot = async (page: Page) => {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 30_000 });
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, 'tracking-detail.png'), animations: 'disabled' });
  if (process.env.UPDATE_SCREENSHOTS) {
    await mkdir(path.join(repoRoot, 'docs/screenshots'), { recursive: true });
    await page.screenshot({
      path: path.join(repoRoot, 'docs/screenshots/tracking-detail.png'),
      animations: 'disabled',
    });
  }
  await page.setViewportSize(viewport);
};

const shownRate = (page: Page) => page.getByTestId('replication-rate').textContent();

/** Every number of the current-vs-target table and the dashboard agrees with the API (cents, shares to 2 decimals). */
const expectScreenMatches = async (page: Page, detail: TrackingDetail) => {
  await expect.poll(() => shownRate(page)).toBe(formatRate(detail.replicationRate));
  const dashboard = page.getByRole('region', { name: 'Replication dashboard' });
  await dashboard
    .getByText(formatMoney(detail.currentReplication.targetInvestmentAmount), { exact: true })
    .first()
    .waitFor();
  await dashboard
    .getByText(formatMoney(displayLeftover(detail.currentReplication.leftoverAmount)), { exact: true })
    .first()
    .waitFor();
  const table = page.getByRole('region', { name: 'Current vs target' });
  const current = new Map(detail.currentReplication.investments.map((line) => [line.symbol, line]));
  const target = new Map(detail.targetReplication.investments.map((line) => [line.symbol, line]));
  for (const symbol of new Set([...current.keys(), ...target.keys()])) {
    const cells = await table
      .locator('tr', { has: page.getByRole('rowheader', { name: symbol, exact: true }) })
      .locator('td')
      .allTextContents();
    const now = current.get(symbol);
    const goal = target.get(symbol);
    expect([cells[0], cells[1], cells[3], cells[4]], symbol).toEqual([
      now ? formatShares(now.numberOfShares) : '—',
      now ? formatMoney(now.amountInvested) : '—',
      goal ? formatShares(goal.numberOfShares) : '—',
      goal ? formatMoney(goal.amountInvested) : '—',
    ]);
  }
};

describe.skipIf(!accountsApi)('Tracking journey of the demo user', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('replicates VOO for $10,000, executes every order, raises buy-only, reverts an order and deletes the tracking', async (context) => {
    if (!(await hasTrackingsApi())) {
      console.warn('[e2e] SKIPPING the tracking journey: the server has no /api/trackings routes yet.');
      context.skip();
    }
    const api = trackingsApi(baseUrl, await apiToken(baseUrl, DEMO_USER));
    // The free plan allows one tracking: start from none, whatever ran before.
    for (const tracking of await api.summary()) await api.remove(tracking.trackingId);

    const {
      page,
      consoleErrors,
      context: browserContext,
    } = await openPage(browser, baseUrl, {
      width: 1440,
      height: 900,
    });
    await signIn(page, DEMO_USER);

    // Recommended ETFs → Replicate VOO → the wizard at step 2
    await page.getByRole('heading', { level: 1, name: 'Recommended ETFs' }).waitFor();
    await page.getByRole('region', { name: 'Ticker tape' }).getByText('VOO').first().waitFor();
    await page.getByRole('link', { name: 'Replicate VOO' }).click();
    await page.waitForURL('**/newtracking/VOO');
    await page.getByRole('group', { name: 'Selected ETF' }).getByText('Vanguard S&P 500 ETF').waitFor();
    const amount = page.getByRole('textbox', { name: 'Investment amount (USD)' });
    await amount.pressSequentially('10000');
    await expect(amount.inputValue()).resolves.toBe('10,000');
    await page.getByRole('button', { name: 'Replicate ETF' }).click();
    await page.getByText('Tracking saved successfully').waitFor();
    await page.waitForURL(/\/tracking\/VOO\?id=/);
    const trackingId = new URL(page.url()).searchParams.get('id') ?? '';

    let detail = await api.detail(trackingId);
    expect(detail.currentReplication).toMatchObject({ targetInvestmentAmount: '10000.00', investments: [] });
    await expectScreenMatches(page, detail);
    const orders = page.getByRole('region', { name: 'Suggested adjustment orders' });
    await expect(orders.locator('[data-order]').count()).resolves.toBe(detail.adjustmentOrders.length);

    // Execute every order with multi-select: ONE request carrying all of them
    const executions: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/applyAdjustmentOrders'))
        executions.push(request.postDataJSON());
    });
    await orders.getByRole('checkbox', { name: 'Select all' }).check();
    await orders
      .getByRole('button', { name: `Execute selected (${detail.adjustmentOrders.length})` })
      .click();
    // Issue 32 item 4: the fills confirmation, recorded at its defaults (snapshot prices, today, the lot method).
    await page
      .getByRole('dialog', { name: /^Record (the executed order|\d+ executed orders)$/ })
      .getByRole('button', { name: 'Record' })
      .click();
    await orders
      .getByText('No orders to execute: your holdings match the target.')
      .waitFor({ timeout: 60_000 });
    expect(executions).toHaveLength(1);
    expect(executions[0]).toHaveLength(detail.adjustmentOrders.length);
    detail = await api.detail(trackingId);
    expect(detail.adjustmentOrders).toEqual([]);
    expect(detail.replicationRate).toBe(detail.targetReplicationRate);
    await expectScreenMatches(page, detail);
    await expect(shownRate(page)).resolves.toBe(formatRate(detail.targetReplicationRate));
    await page.getByRole('button', { name: /Transaction history/ }).waitFor();
    await page.getByRole('figure', { name: 'Replication rate over time' }).waitFor();
    await saveTrackingScreenshot(page);

    // Raise the target buy-only: only BUY orders follow
    await page.getByRole('button', { name: 'Raise target' }).click();
    const raise = page.getByRole('dialog', { name: 'Raise target' });
    await raise.getByRole('textbox', { name: 'Amount to add (USD)' }).fill('2500');
    await raise.getByRole('checkbox', { name: /Buy only/ }).check();
    await raise.getByRole('button', { name: 'Raise target' }).click();
    await raise.waitFor({ state: 'detached' });
    detail = await api.detail(trackingId);
    expect(detail.buyOnly).toBe(true);
    expect(detail.currentReplication.targetInvestmentAmount).toBe('12500.00');
    expect(detail.adjustmentOrders.length).toBeGreaterThan(0);
    await expectScreenMatches(page, detail);
    const types = await orders
      .locator('[data-order]')
      .evaluateAll((rows) => rows.map((row) => row.querySelector('span.w-12')?.textContent));
    expect(types).toEqual(detail.adjustmentOrders.map(() => 'BUY'));

    // Revert one executed order from the history
    const history = page.getByRole('region', { name: /Transaction history/ });
    await history
      .getByRole('button', { name: /^Revert BUY/ })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: 'Revert action' });
    await confirm.getByRole('button', { name: 'Revert' }).click();
    await confirm.waitFor({ state: 'detached' });
    await history.getByText('Reverted', { exact: true }).waitFor();
    const entries = (await api.history(trackingId)).content;
    expect(entries.filter((entry) => entry.reverted)).toHaveLength(1);
    expect(entries.some((entry) => entry.actionType === 'REVERT')).toBe(true);
    await expectScreenMatches(page, await api.detail(trackingId));

    // Delete the tracking from Tracked ETFs
    await page
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link', { name: /Trackings/ })
      .click();
    await page.waitForURL('**/etftrackings');
    const row = page.getByRole('row').filter({ hasText: 'VOO' });
    await row.getByText(formatRate((await api.summary())[0]?.replicationRate)).waitFor();
    await page.getByRole('button', { name: /^Delete VOO tracking created / }).click();
    await page
      .getByRole('dialog', { name: 'Delete tracking' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('heading', { name: 'No Tracked ETFs' }).waitFor();
    await expect(api.summary()).resolves.toEqual([]);

    expect(consoleErrors).toEqual([]);
    await browserContext.close();
  });
});
