import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type { PortfolioResponse } from '@etf-replicator/core/contracts/portfolio';
import { dec } from '@etf-replicator/core/shared/decimal';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { ADMIN } from './support/server';
import { apiCall, apiToken, setPlan, tokenClaims, trackingsApi } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The whole page: the viewport grows to the page's height (the fixed shell stays in place), then shrinks back. */
const saveWholePage = async (page: Page, name: string) => {
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
  await page.setViewportSize(viewport);
};

/**
 * Issue 29's walk: a Pro investor with a VOO and a QQQ tracking → /portfolios lists AAPL once, held (targeted) by
 * both → the netted orders are recorded from the page → each tracking's detail shows its own part as positions →
 * one part is reverted in one tracking's history, the other tracking keeps its own. At 375 and 1280 px.
 */
describe.skipIf(!accountsApi)('Portfolio (issue 29)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('nets two trackings into one order list, records it into both, and reverts one part', async () => {
    const investor = await confirmedUser(baseUrl, 'portfolio');
    const admin = await apiToken(baseUrl, ADMIN);
    await setPlan(baseUrl, admin, tokenClaims(await apiToken(baseUrl, investor)).userId, 'PRO');
    const token = await apiToken(baseUrl, investor);
    const api = trackingsApi(baseUrl, token);
    const create = (symbol: string) =>
      apiCall<{ trackingId: string }>(baseUrl, token, 'POST', '/api/trackings', {
        symbol,
        currentReplication: { targetInvestmentAmount: '20000', investments: [], leftoverAmount: '20000' },
      });
    const voo = (await create('VOO')).trackingId;
    const qqq = (await create('QQQ')).trackingId;
    const portfolio = await apiCall<PortfolioResponse>(baseUrl, token, 'GET', '/api/portfolio');
    const aapl = portfolio.orders.find((order) => order.symbol === 'AAPL');
    // Both fresh trackings buy Apple: one BUY at the broker for the sum of their parts.
    expect(aapl?.parts.map((part) => part.trackingId).sort()).toEqual([voo, qqq].sort());
    const vooAapl = aapl?.parts.find((part) => part.trackingId === voo)?.shares ?? '0';

    for (const width of [1280, 375]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, investor);
      await page.goto(paths.portfolios);
      const holdings = page.getByRole('region', { name: 'Holdings' });
      const row = holdings.locator('tr[data-holding="AAPL"]');
      await row.waitFor();
      expect(await holdings.locator('tr[data-holding="AAPL"]').count()).toBe(1);
      const heldBy = (await row.textContent()) ?? '';
      expect(heldBy).toContain('VOO');
      expect(heldBy).toContain('QQQ');
      await page.getByRole('list', { name: 'Netted orders' }).waitFor();
      await saveWholePage(page, `portfolio-${width}.png`);
      expect(await overflowsSideways(page)).toBe(false);

      if (width === 375) {
        // Record every netted order at its defaults (snapshot prices, today).
        const orders = page.getByRole('region', { name: 'Orders for your broker' });
        await orders.getByRole('checkbox', { name: 'Select all' }).check();
        await orders.getByRole('button', { name: `Record selected (${portfolio.orders.length})` }).click();
        const dialog = page.getByRole('dialog', {
          name: /^Record (the executed order|\d+ executed orders)$/,
        });
        await dialog.getByRole('button', { name: 'Record' }).click();
        await dialog.waitFor({ state: 'detached', timeout: 60_000 });
        await saveWholePage(page, `portfolio-recorded-${width}.png`);
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }

    // Each tracking recorded its own part: its detail holds it, and nothing of it is left to buy.
    const vooDetail = await api.detail(voo);
    const held = vooDetail.currentReplication.investments.find((line) => line.symbol === 'AAPL');
    expect(dec(held?.numberOfShares ?? '0').eq(dec(vooAapl))).toBe(true);
    expect(
      (await api.detail(qqq)).currentReplication.investments.some((line) => line.symbol === 'AAPL'),
    ).toBe(true);

    // Revert one of VOO's parts from its history, in the browser (the newest, on the first page): QQQ keeps its own.
    const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width: 375, height: 900 });
    await signIn(page, investor);
    await page.goto(paths.trackingById('VOO', voo));
    const toggle = page.getByRole('button', { name: /Transaction history/ });
    await toggle.waitFor();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    const history = page.getByRole('region', { name: /Transaction history/ });
    const revert = history.getByRole('button', { name: /^Revert BUY / }).first();
    const label = (await revert.getAttribute('aria-label')) ?? '';
    const symbol = /^Revert BUY \S+ (\S+)/.exec(label)?.[1] ?? '';
    expect(symbol).not.toBe('');
    const qqqHeld = (await api.detail(qqq)).currentReplication.investments.find(
      (line) => line.symbol === symbol,
    );
    await revert.click();
    const confirm = page.getByRole('dialog', { name: 'Revert action' });
    await confirm.getByRole('button', { name: 'Revert' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const { content } = await apiCall<{ content: HistoryEntry[] }>(
          baseUrl,
          token,
          'GET',
          `/api/history/${voo}?page=0&size=50`,
        );
        return content.some((entry) => entry.actionType === 'REVERT');
      })
      .toBe(true);
    const after = await api.detail(voo);
    expect(after.currentReplication.investments.some((line) => line.symbol === symbol)).toBe(false);
    // QQQ's holding of that stock (if it has one) is untouched.
    expect(
      (await api.detail(qqq)).currentReplication.investments.find((line) => line.symbol === symbol),
    ).toEqual(qqqHeld);
    // The portfolio nets VOO's order of that stock again.
    const again = await apiCall<PortfolioResponse>(baseUrl, token, 'GET', '/api/portfolio');
    expect(
      again.orders.find((order) => order.symbol === symbol)?.parts.some((part) => part.trackingId === voo),
    ).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
