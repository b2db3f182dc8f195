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
const TOBACCO = ['MO', 'PM'];
const targetSymbols = (detail: TrackingDetail) =>
  detail.targetReplication.investments.map((line) => line.symbol);

/** Issue 30 item 3: the tobacco screen on an S&P 500 tracking, at desktop and phone width. */
describe.skipIf(!accountsApi)('Values screens in the Exclusions panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('applies the tobacco screen on VOO: the cost shows before saving, then PM and MO leave the target (1280 and 375 px)', async () => {
    const user = await confirmedUser(baseUrl, 'screens');
    const admin = await apiToken(baseUrl, ADMIN);
    await setPlan(baseUrl, admin, tokenClaims(await apiToken(baseUrl, user)).userId, 'PRO');
    const token = await apiToken(baseUrl, user);
    const api = trackingsApi(baseUrl, token);
    const { trackingId } = await apiCall<{ trackingId: string }>(baseUrl, token, 'POST', '/api/trackings', {
      symbol: 'VOO',
      currentReplication: { targetInvestmentAmount: '200000', investments: [], leftoverAmount: '200000' },
    });
    expect(targetSymbols(await api.detail(trackingId))).toEqual(expect.arrayContaining(TOBACCO));

    for (const width of [1280, 375]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('VOO', trackingId));
      const panel = page.getByRole('region', { name: 'Exclusions' });
      const tobacco = panel.getByRole('checkbox', { name: 'Tobacco screen' });
      await tobacco.scrollIntoViewIfNeeded();
      if (width === 1280) {
        // Each screen's industries are one click away.
        await panel.getByText('Excludes 7 industries').click();
        await panel.getByRole('list', { name: 'Industries of the Fossil fuels screen' }).waitFor();
        await tobacco.check();
        await panel.getByText('Adjustment orders after saving').waitFor();
        const status = panel.getByRole('status');
        await expect.poll(() => status.textContent()).toMatch(/Cost of the exclusions\d+\.\d{2} points?/);
        await panel.getByText('Cost of the exclusions').scrollIntoViewIfNeeded();
        await saveScreenshot(page, `screens-preview-${width}.png`);
        await panel.getByRole('button', { name: 'Save exclusions' }).click();
        await expect
          .poll(async () => (await api.detail(trackingId)).exclusions?.industries)
          .toEqual([{ industry: 'Tobacco', mode: 'sell' }]);
        const after = await api.detail(trackingId);
        expect(targetSymbols(after).filter((symbol) => TOBACCO.includes(symbol))).toEqual([]);
        expect(Number(after.exclusions?.etfReplicationRate)).toBeLessThan(
          Number(after.exclusions?.etfReplicationRateWithout),
        );
      } else {
        await expect.poll(() => tobacco.isChecked()).toBe(true);
        await panel.getByText('Cost of the exclusions').scrollIntoViewIfNeeded();
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        );
        expect(sideways).toBe(false);
        await tobacco.scrollIntoViewIfNeeded();
      }
      await saveScreenshot(page, `screens-${width}.png`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
