import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type { HarvestResponse, TaxLossHarvestingResponse } from '@etf-replicator/core/contracts/taxes';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { apiCall, apiToken } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

/** Issue 19: a harvest in the transaction history (recorded through the API), at phone and desktop width. */
describe.skipIf(!accountsApi)('A harvest in the history', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('names what was sold, the loss, the replacement and the window, and reverts as a whole', async () => {
    const user = await confirmedUser(baseUrl, 'harvest-history');
    const token = await apiToken(baseUrl, user);
    const call = <T>(method: string, path: string, body?: unknown) =>
      apiCall<T>(baseUrl, token, method, path, body);
    const { trackingId } = await call<{ trackingId: string }>('POST', '/api/trackings', {
      symbol: 'QQQ',
      currentReplication: { targetInvestmentAmount: '20000', investments: [], leftoverAmount: '20000' },
    });
    const detail = await call<TrackingDetail>('GET', `/api/trackings/${trackingId}`);
    const first = detail.adjustmentOrders[0];
    if (!first) throw new Error('QQQ suggests orders');
    const doubled = String(Number(detail.prices[first.symbol]) * 2);
    await call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, { ...first, price: doubled });
    const { candidates } = await call<TaxLossHarvestingResponse>(
      'GET',
      `/api/trackings/${trackingId}/tax-loss-harvesting`,
    );
    const replacement = candidates[0]?.replacements[0]?.symbol;
    const harvest = await call<HarvestResponse>('POST', `/api/trackings/${trackingId}/harvest`, {
      symbol: first.symbol,
      replacement,
    });

    for (const width of [1280, 375]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('QQQ', trackingId));
      const toggle = page.getByRole('button', { name: /Transaction history/ });
      await toggle.waitFor();
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      const history = page.getByRole('region', { name: /Transaction history/ });
      const line = history.getByText(`Sold ${first.symbol} at a loss of`).first();
      await line.scrollIntoViewIfNeeded();
      expect(await line.textContent()).toContain(`bought ${replacement}; no buy back until`);
      await saveScreenshot(page, `harvest-history-${width}.png`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      if (width === 375) {
        await history.getByRole('button', { name: /^Revert Sold/ }).click();
        const confirm = page.getByRole('dialog', { name: 'Revert action' });
        await confirm.getByRole('button', { name: 'Revert' }).click();
        await confirm.waitFor({ state: 'detached' });
        await expect
          .poll(async () => {
            const { content } = await call<{ content: HistoryEntry[] }>(
              'GET',
              `/api/history/${trackingId}?page=0&size=50`,
            );
            return content.find((entry) => entry.id === harvest.harvestId)?.reverted;
          })
          .toBe(true);
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
