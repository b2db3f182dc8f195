import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Credentials, confirmedUser, DEMO_USER, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { ADMIN } from './support/server';
import { apiToken, setPlan, tokenClaims } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

/** The wizard's side panel for VOO: the holdings the plan shows. */
const holdingsPanel = async (page: Page) => {
  await page.goto('/newtracking/VOO');
  const panel = page.getByRole('complementary', { name: 'ETF holdings' });
  await panel.getByRole('table').waitFor();
  return panel;
};

const signedIn = async (browser: Browser, user: Credentials) => {
  const opened = await openPage(browser, baseUrl);
  await signIn(opened.page, user);
  return opened;
};

describe.skipIf(!accountsApi)('Holdings by plan in the browser (spec 2 §6)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('free: the top 5 holdings and blurred rows, without Show more or the upgrade banner', async () => {
    const { page, context, consoleErrors } = await signedIn(browser, DEMO_USER);
    const panel = await holdingsPanel(page);
    await expect(panel.getByRole('table').locator('tbody tr').count()).resolves.toBe(5);
    await expect(panel.locator('[data-placeholder]').count()).resolves.toBe(5);
    await panel.getByText('The Free plan shows the top 5 of 503 holdings.').waitFor();
    await expect(panel.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
    await expect(panel.getByText(/Unlock All/).count()).resolves.toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('GROWTH: top 5, Show more up to the plan cap, and Unlock All with Upgrade Now; GOLD: everything, no banner', async () => {
    const user = await confirmedUser(baseUrl, 'holdings');
    const admin = await apiToken(baseUrl, ADMIN);
    const { userId } = tokenClaims(await apiToken(baseUrl, user));

    await setPlan(baseUrl, admin, userId, 'GROWTH');
    const growth = await signedIn(browser, user);
    const panel = await holdingsPanel(growth.page);
    await expect(panel.getByRole('table').locator('tbody tr').count()).resolves.toBe(5);
    await panel.getByText('Unlock All 503 Holdings').waitFor();
    const form = panel.locator('form', { has: growth.page.getByRole('button', { name: 'Upgrade Now' }) });
    await expect(form.getAttribute('action')).resolves.toBe('/api/billing/update-subscription-redirect');
    await expect(form.locator('input[name="userId"]').inputValue()).resolves.toBe(userId);
    await panel.getByRole('button', { name: 'Show more' }).click();
    const afterShowMore = await panel.getByRole('table').locator('tbody tr').count();
    expect(afterShowMore).toBeGreaterThan(5);
    expect(afterShowMore).toBeLessThan(503);
    expect(growth.consoleErrors).toEqual([]);
    await growth.context.close();

    await setPlan(baseUrl, admin, userId, 'GOLD');
    const gold = await signedIn(browser, user);
    const goldPanel = await holdingsPanel(gold.page);
    await expect(goldPanel.getByRole('table').locator('tbody tr').count()).resolves.toBe(503);
    await expect(goldPanel.getByText(/Unlock All/).count()).resolves.toBe(0);
    await expect(goldPanel.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
    expect(gold.consoleErrors).toEqual([]);
    await gold.context.close();
  });
});
