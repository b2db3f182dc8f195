import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USER, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

describe.skipIf(!accountsApi)('The shell at the 1024 px breakpoint', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('uses a slide-over below 1024 px and a collapsible sidebar from 1024 px', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width: 1023, height: 800 });
    await signIn(page, DEMO_USER);
    await page.getByRole('heading', { level: 1, name: 'Recommended ETFs' }).waitFor();

    const openNavigation = page.getByRole('button', { name: 'Open navigation' });
    const collapse = page.getByRole('button', { name: 'Collapse sidebar' });
    expect(await openNavigation.isVisible()).toBe(true);
    expect(await collapse.isVisible()).toBe(false);

    await openNavigation.click();
    const slideOver = page.getByRole('dialog', { name: 'ETF Replicator' });
    await slideOver.waitFor();
    await slideOver.getByRole('link', { name: 'Etf Trackings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tracked ETFs' }).waitFor();
    await slideOver.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 1024, height: 800 });
    await collapse.waitFor();
    expect(await openNavigation.isVisible()).toBe(false);
    await collapse.click();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await page.getByRole('link', { name: 'Etf Trackings' }).getAttribute('title')).toBe(
      'Etf Trackings',
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
