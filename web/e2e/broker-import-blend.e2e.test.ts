import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { apiCall, paidUser } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

/** Issue 30 item 4: import a positions file into a blend typed as "VTI 70, QQQ 30" (a paid plan). */
describe.skipIf(!accountsApi)('Broker import into a blend', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('previews and creates a 70/30 blend from a positions file, at 1280 and 375 px', async () => {
    const { user, token } = await paidUser(baseUrl, 'blend-import');
    const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    await signIn(page, user);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(paths.newTrackingFor('QQQ'));
      await page.getByRole('button', { name: 'Import from broker' }).click();
      await page.getByLabel('Or a blend of ETFs (optional)').fill('VTI 70, QQQ 30');
      await page
        .getByLabel("Or paste the file's contents")
        .fill('symbol,shares,costBasis,acquired\nAAPL,5,500,2020-01-02\nZZZZ,1,,\n');
      await page.getByRole('button', { name: 'Preview import' }).click();
      const preview = page.getByRole('region', { name: 'Import preview' });
      await preview.getByRole('heading', { name: 'Recorded as lots (1)' }).waitFor();
      await preview.getByText('kept outside the tracking: not a holding of 70 % VTI + 30 % QQQ').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page
        .getByRole('group', { name: 'Tracking options' })
        .evaluate((options) => window.scrollTo(0, options.getBoundingClientRect().top + window.scrollY - 80));
      await saveScreenshot(page, `broker-import-blend-${width}.png`);
    }
    await page.getByRole('button', { name: 'Create tracking with these positions', disabled: false }).click();
    await page.waitForURL((url) => url.pathname === '/tracking/VTI' && url.searchParams.has('id'));
    const trackingId = new URL(page.url()).searchParams.get('id') as string;
    const summary = await apiCall<{ trackingId: string; etfName: string | null }[]>(
      baseUrl,
      token,
      'GET',
      '/api/trackings/trackings-summary',
    );
    expect(summary.find((row) => row.trackingId === trackingId)?.etfName).toBe('70 % VTI + 30 % QQQ');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
