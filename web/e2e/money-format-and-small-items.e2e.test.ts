import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { apiCall, apiToken, paidUser } from './support/trackings-api';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');
const WIDTHS = [375, 1280] as const;
/** "Prices as of Nov 18, 2025" or "Prices as of Oct 30 – Nov 18, 2025": dates in words, never ISO. */
const PRICES_AS_OF =
  /^Prices as of [A-Z][a-z]{2} \d{1,2}(, \d{4})?( – [A-Z][a-z]{2} \d{1,2}, \d{4})?( ·|\.$)/;

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Issue 32: one "prices as of", rounding, and the smaller items, each at phone and desktop width. */
describe.skipIf(!accountsApi)('Issue 32: prices as of, and the small items', () => {
  let browser: Browser;
  let user: { email: string; password: string };
  let trackingId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const paid = await paidUser(baseUrl, 'issue32', 'PRO');
    user = paid.user;
    const { token } = paid;
    ({ trackingId } = await apiCall<{ trackingId: string }>(baseUrl, token, 'POST', '/api/trackings', {
      symbol: 'VOO',
      currentReplication: { targetInvestmentAmount: '25000', investments: [], leftoverAmount: '25000' },
    }));
  });
  afterAll(() => browser?.close());

  it('login: says what Trust This Device does, and a reload keeps a sign-in without it', async () => {
    for (const width of WIDTHS) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 800 });
      await page.goto('/login');
      const trust = page.getByRole('checkbox', { name: 'Trust This Device' });
      await trust.waitFor();
      expect(await trust.getAttribute('aria-describedby')).toBeTruthy();
      await page.getByText(/Without it, you are signed out when you close the browser/).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await saveScreenshot(page, `login-trust-hint-${width}.png`);
      if (width === 1280) {
        await signIn(page, user, { trust: false });
        await page.goto('/etftrackings');
        await page.getByRole('heading', { level: 1, name: 'Tracked ETFs' }).waitFor();
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Tracked ETFs' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/etftrackings');
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('recommended ETFs: prices dated in words; LEAD offers no Replicate and says why', async () => {
    for (const width of WIDTHS) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto('/');
      const tape = page.getByRole('region', { name: 'Ticker tape' });
      const asOf = tape.getByTestId('prices-as-of');
      await asOf.waitFor();
      expect(await asOf.textContent()).toMatch(PRICES_AS_OF);
      const lead = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'LEAD' }) });
      await lead.getByText(/so it cannot be replicated\./).waitFor();
      expect(await lead.getByRole('link', { name: /Replicate/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Replicate VOO' }).count()).toBe(1);
      expect(await scrollsSideways(page)).toBe(false);
      await saveScreenshot(page, `recommended-etfs-${width}.png`);
      await lead.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `recommended-etfs-lead-${width}.png`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('tracked ETFs list: one "prices as of" under the money', async () => {
    for (const width of WIDTHS) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 800 });
      await signIn(page, user);
      await page.goto('/etftrackings');
      const asOf = page.getByTestId('prices-as-of');
      await asOf.waitFor();
      expect(await asOf.textContent()).toMatch(PRICES_AS_OF);
      expect(await scrollsSideways(page)).toBe(false);
      await saveScreenshot(page, `trackings-prices-as-of-${width}.png`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('tracking detail: price chart loads first, prices dated, no fractional hint when on, weightings, "TSL" refused', async () => {
    // Fractional shares on: the allocation message must not suggest enabling them.
    await apiCall(
      baseUrl,
      await apiToken(baseUrl, user),
      'POST',
      `/api/trackings/${trackingId}/enableFractional`,
    );
    for (const width of WIDTHS) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      // Hold the price history until the loading state has been seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/etf/etf-price-history**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(paths.trackingById('VOO', trackingId));
      const loading = page.getByText('Loading the VOO price history…');
      await loading.waitFor();
      expect(await page.getByText(/no price history/).count()).toBe(0);
      await saveScreenshot(page, `price-chart-loading-${width}.png`);
      release();
      await page.getByRole('heading', { name: 'VOO price' }).waitFor();
      await loading.waitFor({ state: 'detached' });

      const dashboard = page.getByRole('region', { name: 'Replication dashboard' });
      const asOf = dashboard.getByTestId('prices-as-of');
      await asOf.scrollIntoViewIfNeeded();
      expect(await asOf.textContent()).toMatch(PRICES_AS_OF);
      const allocation = await dashboard.getByRole('status').textContent();
      expect(allocation).toMatch(/Raising the amount lets more of it follow the ETF\./);
      expect(allocation).not.toMatch(/fractional/i);
      expect(await scrollsSideways(page)).toBe(false);
      await saveScreenshot(page, `tracking-prices-as-of-${width}.png`);

      const weightings = page.getByRole('spinbutton', { name: 'Number of weightings' });
      await weightings.scrollIntoViewIfNeeded();
      await weightings.fill('9999');
      await page.getByText(/Enter a whole number from 1 to \d+: your plan allows up to \d+\./).waitFor();
      expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
      await saveScreenshot(page, `weightings-out-of-range-${width}.png`);
      await weightings.press('Escape');

      const panel = page.getByRole('region', { name: 'Exclusions' });
      const search = panel.getByLabel('Exclude a stock');
      await search.scrollIntoViewIfNeeded();
      await search.fill('TSL');
      await panel.getByRole('button', { name: 'Add' }).click();
      await panel.getByRole('alert').getByText('TSL is not a holding of VOO. Did you mean TSLA?').waitFor();
      expect(await panel.getByRole('button', { name: 'Take TSL back' }).count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await saveScreenshot(page, `exclusions-unknown-symbol-${width}.png`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('import preview: the positions are dated by their closes', async () => {
    for (const width of WIDTHS) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.newTrackingFor('QQQ'));
      await page.getByRole('button', { name: 'Import from broker' }).click();
      await page.getByLabel("Or paste the file's contents").fill('symbol,shares\nNVDA,19.86\nAAPL,3\n');
      await page.getByRole('button', { name: 'Preview import' }).click();
      await page.getByRole('region', { name: 'Import preview' }).waitFor();
      // The preview's line (above its figures) and the holdings list's: both dated in words.
      const asOf = page.getByTestId('prices-as-of');
      await expect.poll(() => asOf.count()).toBe(2);
      for (const text of await asOf.allTextContents()) expect(text).toMatch(PRICES_AS_OF);
      await asOf.first().scrollIntoViewIfNeeded();
      expect(await scrollsSideways(page)).toBe(false);
      await saveScreenshot(page, `import-preview-prices-as-of-${width}.png`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('billing: the plan, its status and renewal lead; the provider ids are small references for support', async () => {
    const config = await (await fetch(`${baseUrl}/api/billing/config`)).json();
    if (config.mode !== 'local') {
      console.warn('[e2e] SKIPPING the billing dashboard: Stripe is configured here (not local mode).');
      return;
    }
    const subscriber = await confirmedUser(baseUrl, 'issue32-billing');
    await apiCall(baseUrl, await apiToken(baseUrl, subscriber), 'POST', '/api/billing/local/checkout', {
      plan: 'GROWTH',
    });
    for (const width of WIDTHS) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, subscriber);
      await page.goto('/pricing');
      const dashboard = page.getByRole('region', { name: 'Billing Dashboard' });
      await dashboard.getByText('$39.00 a month').waitFor();
      await dashboard.getByText('Active').waitFor();
      const references = dashboard.getByRole('region', { name: 'References for support' });
      expect(await references.textContent()).toMatch(
        /Customer IDcus_local_\w+.*Subscription IDsub_local_\w+/,
      );
      const mainText = await dashboard.locator('dl').first().textContent();
      expect(mainText).not.toMatch(/cus_|sub_/);
      expect(await scrollsSideways(page)).toBe(false);
      await saveScreenshot(page, `billing-dashboard-${width}.png`, { fullPage: true });
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
