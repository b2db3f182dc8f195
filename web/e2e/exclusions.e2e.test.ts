import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { ADMIN } from './support/server';
import { apiCall, apiToken, setPlan, tokenClaims, trackingsApi } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');
const IT = 'Information Technology';

/** Issue 17: the Exclusions panel in the tracking's settings, at phone and desktop width. */
describe.skipIf(!accountsApi)('Exclusions panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('excludes a sector: the cost shows before saving, then the orders change (375 and 1280 px)', async () => {
    const user = await confirmedUser(baseUrl, 'exclusions');
    const admin = await apiToken(baseUrl, ADMIN);
    await setPlan(baseUrl, admin, tokenClaims(await apiToken(baseUrl, user)).userId, 'PRO');
    const token = await apiToken(baseUrl, user);
    const api = trackingsApi(baseUrl, token);
    const { trackingId } = await apiCall<{ trackingId: string }>(baseUrl, token, 'POST', '/api/trackings', {
      symbol: 'QQQ',
      currentReplication: { targetInvestmentAmount: '10000', investments: [], leftoverAmount: '10000' },
    });
    await apiCall(baseUrl, token, 'POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, {
      symbol: 'NVDA',
      shares: '3',
      orderType: 'BUY',
    });
    const before = await api.detail(trackingId);

    for (const width of [1280, 375]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('QQQ', trackingId));
      const panel = page.getByRole('region', { name: 'Exclusions' });
      const sector = panel.getByRole('checkbox', { name: new RegExp(`^${IT}, \\d+\\.\\d{2}% of the ETF$`) });
      await sector.scrollIntoViewIfNeeded();
      if (width === 1280) {
        await sector.check();
        await panel.getByText('Adjustment orders after saving').waitFor();
        await panel.getByText('Cost of the exclusions').scrollIntoViewIfNeeded();
        await saveScreenshot(page, `exclusions-preview-${width}.png`);
        await panel.getByRole('button', { name: 'Save exclusions' }).click();
        await expect
          .poll(async () => (await api.detail(trackingId)).exclusions?.sectors)
          .toEqual([{ sector: IT, mode: 'sell' }]);
        const after: TrackingDetail = await api.detail(trackingId);
        expect(after.adjustmentOrders).not.toEqual(before.adjustmentOrders);
        expect(after.adjustmentOrders).toContainEqual({ symbol: 'NVDA', orderType: 'SELL', shares: '3' });
        // The new order's own row: an NVDA row of the list before the save is replaced (rows are keyed by order).
        const orders = page.getByRole('region', { name: 'Suggested adjustment orders' });
        const sellNvda = orders.getByRole('listitem').filter({ hasText: 'SELL' }).filter({ hasText: 'NVDA' });
        await sellNvda.first().waitFor();
        await sellNvda.first().scrollIntoViewIfNeeded();
        await saveScreenshot(page, `exclusions-orders-${width}.png`);
        await sector.scrollIntoViewIfNeeded();
      } else {
        await expect.poll(() => sector.isChecked()).toBe(true);
        await panel.getByText('Cost of the exclusions').scrollIntoViewIfNeeded();
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        );
        expect(sideways).toBe(false);
        // A stock typed into the search joins the draft; the preview shows its cost before anything is saved.
        const search = panel.getByLabel('Exclude a stock');
        await search.scrollIntoViewIfNeeded();
        await search.fill('msft');
        await panel.getByRole('button', { name: 'Add' }).click();
        await panel.getByRole('button', { name: 'Take MSFT back' }).waitFor();
        await panel.getByText('Adjustment orders after saving').waitFor();
        await search.scrollIntoViewIfNeeded();
        await saveScreenshot(page, `exclusions-search-${width}.png`);
        await panel.getByRole('button', { name: 'Discard changes' }).click();
        await expect.poll(() => panel.getByRole('button', { name: 'Take MSFT back' }).count()).toBe(0);
      }
      await saveScreenshot(page, `exclusions-${width}.png`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
