import { readFile } from 'node:fs/promises';
import {
  type LotsResponse,
  type RealizedGainsResponse,
  type TaxLossHarvestingResponse,
  taxReportFileName,
} from '@etf-replicator/core/contracts/taxes';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { D } from '@etf-replicator/core/shared/decimal';
import { FORM_8949_COLUMNS } from '@etf-replicator/core/tax/form-8949';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { formatMoney } from '../src/lib/format';
import { unlabelledControls } from './support/accessibility';
import { confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { apiCall, apiToken, trackingsApi } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

/** Wider than the viewport means a sideways scrollbar on a phone. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * The demo investor's IVV tracking with a loss to harvest: the largest suggested BUY filled 30 % above the snapshot
 * price (a loss at today's prices), the next one filled 20 % below and half of it sold again (a realised gain).
 */
const trackingWithALoss = async (token: string) => {
  const api = trackingsApi(baseUrl, token);
  // The free plan allows one tracking: start from none, whatever ran before.
  for (const tracking of await api.summary()) await api.remove(tracking.trackingId);
  const { trackingId } = await apiCall<{ trackingId: string }>(baseUrl, token, 'POST', '/api/trackings', {
    symbol: 'IVV',
    currentReplication: { targetInvestmentAmount: '10000', investments: [], leftoverAmount: '10000' },
  });
  const detail = await api.detail(trackingId);
  const [loser, winner] = detail.adjustmentOrders.filter(
    (order) => order.orderType === 'BUY' && new D(order.shares).gte(2),
  );
  if (!loser || !winner) throw new Error('IVV suggested fewer than two BUY orders');
  const priced = (symbol: string, factor: string) =>
    new D(detail.prices[symbol] ?? '0').mul(factor).toDecimalPlaces(2).toString();
  const execute = (body: unknown) =>
    apiCall(baseUrl, token, 'POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, body);
  await execute([
    { ...loser, price: priced(loser.symbol, '1.3') },
    { ...winner, price: priced(winner.symbol, '0.8') },
  ]);
  const half = new D(winner.shares).div(2).floor().toString();
  await execute({ symbol: winner.symbol, orderType: 'SELL', shares: half });
  return { trackingId, loser: loser.symbol };
};

/** The whole tab: the viewport grows to the page's height (the fixed shell stays in place), then shrinks back. */
const saveWholePage = async (page: Page, name: string) => {
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
  await page.setViewportSize(viewport);
};

const openTaxesTab = async (page: Page, trackingId: string) => {
  await page.goto(paths.trackingById('IVV', trackingId));
  await page.getByRole('tab', { name: 'Taxes' }).click();
  await page
    .getByRole('region', { name: 'Lots and unrealised gains' })
    .getByRole('figure', { name: 'Unrealised gain / loss by holding' })
    .waitFor();
};

/** Issue 19: demo investor → tracking → Taxes tab → harvest a candidate → wash-sale countdown → revert. */
describe.skipIf(!accountsApi)('Taxes tab', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('harvests a loss, shows the 30-day window and reverts it, at 1280 and 375 px', async () => {
    // An investor of their own: wash sales are per investor, across trackings, so another test's buys of the same
    // stock by a shared user within 30 days would rightly disallow this harvest's loss.
    const investor = await confirmedUser(baseUrl, 'taxes');
    const token = await apiToken(baseUrl, investor);
    const { trackingId, loser } = await trackingWithALoss(token);
    const get = <T>(path: string) => apiCall<T>(baseUrl, token, 'GET', `/api/trackings/${trackingId}${path}`);
    const lotsBefore = await get<LotsResponse>('/lots');

    const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    await signIn(page, investor);
    await openTaxesTab(page, trackingId);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('taxes');
    const lots = page.getByRole('region', { name: 'Lots and unrealised gains' });
    await lots.getByRole('row', { name: new RegExp(`^${loser} \\(1 lot\\)`) }).waitFor();
    await lots.getByRole('figure', { name: 'Unrealised gain / loss by holding' }).waitFor();
    await page.getByRole('region', { name: 'Realised gains by year' }).getByRole('table').waitFor();

    const card = page.getByRole('listitem', { name: `Harvest candidate ${loser}` });
    await card.getByText('Clear', { exact: true }).waitFor();
    await saveWholePage(page, 'taxes-tab-1280.png');
    expect(await unlabelledControls(page)).toEqual([]);
    // The tabs answer the arrow keys: Overview and back to Taxes.
    await page.getByRole('tab', { name: 'Taxes' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('region', { name: 'Replication dashboard' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await card.getByText('Clear', { exact: true }).waitFor();
    const replacement = await card.getByRole('radio').first().inputValue();
    await card.getByRole('button', { name: `Harvest ${loser}…` }).click();
    const dialog = page.getByRole('dialog', { name: `Harvest ${loser}` });
    await dialog.getByRole('list', { name: 'Harvest orders' }).getByText(`SELL`).first().waitFor();
    await saveScreenshot(page, 'taxes-harvest-dialog-1280.png');
    await dialog.getByRole('button', { name: 'Confirm harvest' }).click();

    const window = page.getByRole('listitem', { name: `Wash-sale window of ${loser}` });
    await window.waitFor();
    expect(await window.textContent()).toMatch(
      new RegExp(`${loser} → ${replacement}.*No BUY of ${loser} until after .* — 30 days left`),
    );
    await page
      .getByRole('status')
      .filter({ hasText: `Harvested ${loser}` })
      .waitFor();
    await window.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'taxes-harvested-1280.png');
    const harvested = await get<TaxLossHarvestingResponse>('/tax-loss-harvesting');
    expect(harvested.substitutions.map((item) => [item.symbol, item.replacement, item.daysLeft])).toEqual([
      [loser, replacement, 30],
    ]);
    const realised = page.getByRole('region', { name: 'Realised gains by year' });
    const year = new Date().getUTCFullYear();
    const ofYear = await get<RealizedGainsResponse>(`/realized-gains?year=${year}`);
    const harvestedLoss = formatMoney(ofYear.years[0]?.harvestedLoss);
    expect(harvestedLoss).not.toBe('$0.00');
    await realised.getByText(`Harvested losses ${year}`).locator('..').getByText(harvestedLoss).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      realised.getByRole('button', { name: `Download ${year} tax report (CSV)` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(taxReportFileName('IVV', year));
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    // Issue 26: the tracking's title, then the Form 8949 columns (a)-(h), then the sections.
    expect(csv.split(/\r?\n/)[1]).toBe(FORM_8949_COLUMNS.join(','));
    expect(csv).toContain(`sh ${loser}`);
    const lotsAfter = await get<LotsResponse>('/lots');
    expect(lotsAfter.holdings.map((holding) => holding.symbol)).not.toContain(loser);
    expect(lotsAfter.holdings.map((holding) => holding.symbol)).toContain(replacement);

    await window.getByRole('button', { name: 'Revert harvest' }).click();
    await page
      .getByRole('dialog', { name: 'Revert harvest' })
      .getByRole('button', { name: 'Revert' })
      .click();
    await window.waitFor({ state: 'detached' });
    await card.getByText('Clear', { exact: true }).waitFor();
    await expect.poll(async () => (await get<LotsResponse>('/lots')).holdings).toEqual(lotsBefore.holdings);
    const detail = await apiCall<TrackingDetail>(baseUrl, token, 'GET', `/api/trackings/${trackingId}`);
    expect(detail.currentReplication.investments.map((position) => position.symbol)).toContain(loser);
    expect(consoleErrors).toEqual([]);
    await context.close();

    const phone = await openPage(browser, baseUrl, { width: 375, height: 800 });
    await signIn(phone.page, investor);
    await openTaxesTab(phone.page, trackingId);
    const phoneCard = phone.page.getByRole('listitem', { name: `Harvest candidate ${loser}` });
    await phoneCard.getByText('Clear', { exact: true }).waitFor();
    // Lots as cards below 640 px: the seven-column table stays out of the way.
    await phone.page.getByRole('list', { name: 'Open lots' }).getByText(`${loser} (1 lot)`).waitFor();
    expect(
      await phone.page
        .getByRole('region', { name: 'Lots and unrealised gains' })
        .getByRole('table')
        .isVisible(),
    ).toBe(false);
    expect(await overflowsSideways(phone.page)).toBe(false);
    await saveWholePage(phone.page, 'taxes-tab-375.png');
    await phoneCard.getByRole('button', { name: `Harvest ${loser}…` }).click();
    const phoneDialog = phone.page.getByRole('dialog', { name: `Harvest ${loser}` });
    await phoneDialog.getByRole('list', { name: 'Harvest orders' }).waitFor();
    await saveScreenshot(phone.page, 'taxes-harvest-dialog-375.png');
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
    await phoneDialog.waitFor({ state: 'detached' });
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();
  });

  it('leads a visitor from the landing claim to how harvesting works, at 375 and 1280 px', async () => {
    for (const width of [1280, 375]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await page.goto(paths.landing);
      await page.getByRole('link', { name: 'How harvesting works and its limits' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tax-loss harvesting' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(paths.taxLossHarvesting);
      await page.getByText(/^Not tax advice\./).waitFor();
      await page.getByText(/^US rules only/).waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await saveWholePage(page, `tax-loss-harvesting-${width}.png`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
