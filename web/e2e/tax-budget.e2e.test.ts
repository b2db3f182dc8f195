import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { apiCall, paidUser } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const nvdaSell = (detail: TrackingDetail) =>
  detail.adjustmentOrders.find((order) => order.symbol === 'NVDA' && order.orderType === 'SELL');

/**
 * Issue 31: import positions with a big low-basis gain (NVDA bought 2015 at $10) and a high-basis loss (AAPL bought
 * last month at $400), preview with a $0 budget, confirm (the budget is part of the import request), see the curve,
 * raise the budget: the orders sell more NVDA.
 */
describe.skipIf(!accountsApi)('Gains budget', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('import → preview with $0 → confirm → the curve → raise the budget → orders change, at 1280 and 375 px', async () => {
    const { user, token } = await paidUser(baseUrl, 'tax-budget');
    const recent = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const file = `symbol,shares,costBasis,acquired\nNVDA,150,1500,2015-01-05\nAAPL,100,40000,${recent}\n`;

    const { page, consoleErrors } = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    await signIn(page, user);
    await page.goto(paths.newTrackingFor('QQQ'));
    await page.getByRole('button', { name: 'Import from broker' }).click();
    await page.getByLabel("Or paste the file's contents").fill(file);
    await page.getByRole('button', { name: 'Preview import' }).click();
    const choice = page.getByRole('group', { name: 'Capital gains this year' });
    await choice.getByText(/These orders would realise \+\$[\d,]+\.\d{2} of net capital gains/).waitFor();
    // Short-term gains are allowed by default (no limit and allowed: no budget, today's orders); the investor turns
    // them off, and the budget goes with the import (no second request).
    const allowShortTerm = page.getByRole('checkbox', { name: /Allow short-term gains/ });
    expect(await allowShortTerm.isChecked()).toBe(true);
    await Promise.all([
      page.waitForRequest(
        (request) =>
          request.url().endsWith('/api/trackings/import/preview') &&
          request.postDataJSON()?.taxBudget?.allowShortTermGains === false,
      ),
      allowShortTerm.click(),
    ]);
    const budgetRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/tax-budget')) budgetRequests.push(request.url());
    });
    await choice.getByText('$0 — only sell losses').click();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await choice.scrollIntoViewIfNeeded();
      await noSidewaysScroll(page, width);
      await saveScreenshot(page, `tax-budget-import-choice-${width}.png`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const [imported] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/trackings/import')),
      page.getByRole('button', { name: 'Create tracking with these positions', disabled: false }).click(),
    ]);
    expect(imported.postDataJSON()).toMatchObject({
      taxBudget: { maxNetGain: '0', allowShortTermGains: false },
    });
    await page.waitForURL((url) => url.pathname === '/tracking/QQQ' && url.searchParams.has('id'));
    const trackingId = new URL(page.url()).searchParams.get('id') as string;
    expect(budgetRequests).toEqual([]);

    const atZero = await apiCall<TrackingDetail>(baseUrl, token, 'GET', `/api/trackings/${trackingId}`);
    expect(atZero.taxBudget).toMatchObject({ maxNetGain: '0.00', applies: true });
    expect(Number(atZero.taxBudget?.ordersRealisedNetGain)).toBeLessThanOrEqual(0);
    const soldAtZero = Number(nvdaSell(atZero)?.shares ?? '0');

    const panel = page.getByRole('region', { name: 'Gains budget' });
    const chart = panel.getByRole('figure', { name: 'What each dollar of gains buys' });
    await chart.waitFor();
    await panel.getByText(/^Estimate: /).waitFor();
    const orders = page.getByRole('region', { name: 'Suggested adjustment orders' });
    await orders
      .getByText(/Tell your broker to sell these lots/)
      .first()
      .waitFor();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await panel.scrollIntoViewIfNeeded();
      await chart.locator('.recharts-line').waitFor();
      await noSidewaysScroll(page, width);
      await saveScreenshot(page, `tax-budget-panel-${width}.png`);
      await orders
        .locator('[data-order="AAPL"]')
        .evaluate((row) => window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY - 80));
      await saveScreenshot(page, `tax-budget-orders-${width}.png`);
    }

    // Raise the budget to no limit at 375 px: the orders now sell more NVDA, each sale naming its lots.
    await panel.getByRole('button', { name: 'No limit' }).click();
    const [saved] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/tax-budget') && response.ok()),
      panel.getByRole('button', { name: 'Save budget' }).click(),
    ]);
    const raised = (await saved.json()) as TrackingDetail;
    expect(raised.taxBudget?.maxNetGain).toBeNull();
    const soldRaised = Number(nvdaSell(raised)?.shares ?? '0');
    expect(soldRaised).toBeGreaterThan(soldAtZero);
    await orders
      .locator('[data-order="NVDA"]')
      .getByRole('textbox')
      .and(page.locator(`[value="${nvdaSell(raised)?.shares}"]`))
      .waitFor();
    await orders.getByText(/sh bought Jan 5, 2015 at \$10\.00 — long-term/).waitFor();
    await orders
      .locator('[data-order="NVDA"]')
      .evaluate((row) => window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY - 80));
    await noSidewaysScroll(page, 375);
    await saveScreenshot(page, 'tax-budget-raised-orders-375.png');
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'tax-budget-raised-panel-375.png');

    // The portfolio nets the same budgeted orders: it says so, and the NVDA SELL names the lots it closes.
    await page.goto(paths.portfolios);
    const netted = page.getByRole('region', { name: 'Orders for your broker' });
    await netted
      .getByText(/^QQQ: The orders keep \d{4}'s net realised gain within the gains budget \(no limit\)/)
      .waitFor();
    const nvda = netted.locator('[data-order="NVDA"]');
    await nvda.getByText('SELL', { exact: true }).waitFor();
    await nvda.getByText(/sh bought Jan 5, 2015 at \$10\.00 — long-term/).waitFor();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await netted.evaluate((region) =>
        window.scrollTo(0, region.getBoundingClientRect().top + window.scrollY - 80),
      );
      await noSidewaysScroll(page, width);
      await saveScreenshot(page, `tax-budget-portfolio-${width}.png`);
    }
    expect(consoleErrors).toEqual([]);
  });
});
