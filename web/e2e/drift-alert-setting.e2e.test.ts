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

/** Issue 20: the drift alert setting in the tracking's settings, at phone and desktop width. */
describe.skipIf(!accountsApi)('Drift alert setting', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the alert on at 2 points and changes the threshold, at 375 and 1280 px', async () => {
    const user = await confirmedUser(baseUrl, 'drift-setting');
    const token = await apiToken(baseUrl, user);
    const { trackingId } = await apiCall<{ trackingId: string }>(baseUrl, token, 'POST', '/api/trackings', {
      symbol: 'QQQ',
      currentReplication: { targetInvestmentAmount: '10000', investments: [], leftoverAmount: '10000' },
    });
    for (const width of [1280, 375]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('QQQ', trackingId));
      const alerts = page.getByRole('switch', { name: /Drift alerts/ });
      await alerts.scrollIntoViewIfNeeded();
      expect(await alerts.getAttribute('aria-checked')).toBe('true');
      const threshold = page.getByLabel('Alert threshold');
      await threshold.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `drift-alert-setting-${width}.png`);
      if (width === 1280) {
        await threshold.selectOption('3');
        await expect
          .poll(
            async () =>
              (await apiCall<TrackingDetail>(baseUrl, token, 'GET', `/api/trackings/${trackingId}`))
                .driftAlert,
          )
          .toEqual({ enabled: true, thresholdPoints: '3' });
        await expect.poll(() => threshold.inputValue()).toBe('3');
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
