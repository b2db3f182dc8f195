import { readFile } from 'node:fs/promises';
import {
  type AccountRealizedGainsResponse,
  accountTaxReportFileName,
  type LotsResponse,
} from '@etf-replicator/core/contracts/taxes';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { formatDate } from '../src/lib/format';
import { confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { apiCall, apiToken } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

/** Wider than the viewport means a sideways scrollbar on a phone. */
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

/** YYYY-MM-DD, `days` ago (UTC; far from any New York date boundary at 120 days). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

type Warning = { code: string; symbol: string; saleDate: string; disallowedLoss: string };

/**
 * Issue 26's example on a fresh investor's IVV tracking: 10 shares of IVV's largest holding imported at $500 each,
 * dated 120 days ago; sold today at $400 (loss 10 × 100 = $1,000) and bought back today at $410. All 10 sold shares
 * are replaced within 30 days, so the whole $1,000 is disallowed: the sale is a W row with adjustment $1,000.00 and
 * (h) = 4,000 − 5,000 + 1,000 = $0.00; the new lot's basis is 10 × 410 + 1,000 = $5,100.00 and its holding period
 * starts at the imported lot's date (120 days before the sale, the days the sold shares were held). That window is
 * closed (every loss share replaced); a second holding, 5 shares imported at $2,500 dated 400 days ago and sold at
 * $100 (proceeds $500, long-term loss $2,000, nothing bought back) is Part II and leaves its window open.
 */
const washSaleInvestor = async () => {
  const user = await confirmedUser(baseUrl, 'tax-ledger');
  const token = await apiToken(baseUrl, user);
  const [largest, second] = await apiCall<Array<{ asset: string }>>(
    baseUrl,
    token,
    'GET',
    '/api/etf/etf-holdings?etfSymbol=IVV',
  );
  if (!largest || !second) throw new Error('IVV has fewer than two holdings');
  const symbol = largest.asset;
  const other = second.asset;
  const acquired = daysAgo(120);
  const { trackingId } = await apiCall<{ trackingId: string }>(
    baseUrl,
    token,
    'POST',
    '/api/trackings/import',
    {
      symbol: 'IVV',
      targetInvestmentAmount: '20000',
      rows: [
        { symbol, shares: '10', costBasis: '5000', acquired },
        { symbol: other, shares: '5', costBasis: '2500', acquired: daysAgo(400) },
      ],
    },
  );
  const order = (body: unknown) =>
    apiCall<{ warnings: Warning[] }>(
      baseUrl,
      token,
      'POST',
      `/api/trackings/${trackingId}/applyAdjustmentOrders`,
      body,
    );
  await order({ symbol, orderType: 'SELL', shares: '10', price: '400' });
  const bought = await order({ symbol, orderType: 'BUY', shares: '10', price: '410' });
  await order({ symbol: other, orderType: 'SELL', shares: '5', price: '100' });
  return { user, token, trackingId, symbol, other, acquired, warnings: bought.warnings };
};

describe.skipIf(!accountsApi)('Wash-sale ledger in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the W row, the adjusted lot and Part I on the Taxes tab and /taxes, at 1280 and 375 px', async () => {
    const { user, token, trackingId, symbol, other, acquired, warnings } = await washSaleInvestor();
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'WASH_SALE',
        symbol,
        disallowedLoss: expect.stringMatching(/^1000(\.0+)?$/),
      }),
    ]);
    const lots = await apiCall<LotsResponse>(baseUrl, token, 'GET', `/api/trackings/${trackingId}/lots`);
    expect(lots.holdings.find((holding) => holding.symbol === symbol)?.lots[0]?.costBasis).toMatch(
      /^5100(\.0+)?$/,
    );
    const year = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' }).format(),
    );
    const account = await apiCall<AccountRealizedGainsResponse>(
      baseUrl,
      token,
      'GET',
      `/api/tax/realized-gains?year=${year}`,
    );
    const detail = await apiCall<TrackingDetail>(baseUrl, token, 'GET', `/api/trackings/${trackingId}`);
    expect(detail.heldBackBuys?.map((buy) => buy.symbol)).toContain(other);
    expect(account.parts.map((part) => [part.part, part.adjustment, part.gain])).toEqual([
      ['I', '1000.00', '0.00'],
      ['II', '0.00', '-2000.00'],
    ]);

    for (const width of [1280, 375]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);

      // The tracking's Taxes tab.
      await page.goto(`${paths.trackingById('IVV', trackingId)}&tab=taxes`);
      const realised = page.getByRole('region', { name: 'Realised gains by year' });
      const part = realised.getByRole('listitem', { name: /^Part I · Short-term \(box A\) · 1 sale/ });
      await part.waitFor();
      expect(await part.textContent()).toContain('Adjustment (W)$1,000.00');
      expect(await part.textContent()).toContain('Gain or loss$0.00');
      const lotsRegion = page.getByRole('region', { name: 'Lots and unrealised gains' });
      const carried = `Carried from a wash sale: +$1,000.00 (${symbol} sold `;
      if (width === 1280) {
        const row = realised.getByRole('row', { name: new RegExp(`^${symbol}`) });
        expect(await row.textContent()).toContain('+$1,000.00');
        expect(await row.getByRole('cell', { name: 'W', exact: true }).count()).toBe(1);
        const table = lotsRegion.getByRole('table');
        await table.getByText(carried).waitFor();
        expect(
          await table.getByRole('row', { name: new RegExp(`^${symbol} \\(1 lot\\)`) }).textContent(),
        ).toContain('$5,100.00');
        await table.getByText(`Holding period from ${formatDate(acquired)}`).waitFor();
      } else {
        const card = realised
          .getByRole('list', { name: 'Closed lots' })
          .getByRole('listitem')
          .filter({ hasText: `10 ${symbol}` });
        expect(await card.textContent()).toContain('code W');
        expect(await card.textContent()).toContain('adjustment +$1,000.00');
        const lotCards = lotsRegion.getByRole('list', { name: 'Open lots' });
        await lotCards.getByText(carried).waitFor();
        await lotCards.getByText('10 at $510.00 = $5,100.00').waitFor();
        await lotCards.getByText(`Holding period from ${formatDate(acquired)}`).waitFor();
      }
      await page
        .getByRole('region', { name: 'Open wash-sale windows' })
        .getByRole('listitem', { name: `Wash-sale window ${other}` })
        .waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await saveWholePage(page, `tax-ledger-tab-${width}.png`);

      // The account page, from the sidebar (a menu below 1024 px).
      if (width === 1280)
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Taxes' }).click();
      else await page.goto(paths.taxes);
      await page.getByRole('heading', { level: 1, name: 'Taxes' }).waitFor();
      const accountPart = page.getByRole('listitem', { name: /^Part I · Short-term \(box A\) · 1 sale/ });
      await accountPart.waitFor();
      expect(await accountPart.textContent()).toContain('Proceeds$4,000.00');
      expect(await accountPart.textContent()).toContain('Cost basis$5,000.00');
      expect(await accountPart.textContent()).toContain('Adjustment (W)$1,000.00');
      await page.getByRole('listitem', { name: /^Part II · Long-term \(box D\) · 1 sale/ }).waitFor();
      await page.getByRole('listitem', { name: `Wash-sale window ${other}` }).waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await saveWholePage(page, `tax-ledger-account-${width}.png`);
      if (width === 1280) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download Form 8949 CSV' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(accountTaxReportFileName(year));
        const csv = await readFile((await download.path()) ?? '', 'utf8');
        expect(csv).toMatch(new RegExp(`10 sh ${symbol}.*,W,`));
      }

      // The orders leave out the BUY of the stock sold at a loss and say why; the delete dialog offers the records.
      await page.goto(paths.trackingById('IVV', trackingId));
      const heldBack = page
        .getByRole('region', { name: 'Suggested adjustment orders' })
        .getByRole('list', { name: 'Held-back buys' })
        .getByText(new RegExp(`^BUY \\S+ ${other} held back until `));
      await heldBack.waitFor();
      await heldBack.scrollIntoViewIfNeeded();
      expect(await overflowsSideways(page)).toBe(false);
      await saveScreenshot(page, `tax-ledger-orders-${width}.png`);
      await page.goto(paths.etfTrackings);
      await page.getByRole('button', { name: /^Delete IVV tracking created / }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete tracking' });
      const records = dialog.getByRole('region', { name: 'Keep your tax records' });
      await records.getByRole('button', { name: `Download ${year} tax report (CSV)` }).waitFor();
      await records.getByRole('button', { name: 'Download positions CSV' }).waitFor();
      await saveScreenshot(page, `tax-ledger-delete-dialog-${width}.png`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
