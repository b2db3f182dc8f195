import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';

const baseUrl = inject('baseUrl');

const publicPages: Array<[string, string]> = [
  ['/', 'Replicate any ETF with individual stocks'],
  ['/landing', 'Replicate any ETF with individual stocks'],
  ['/directindexing', 'Direct Indexing'],
  ['/tax-loss-harvesting', 'Tax-loss harvesting'],
  ['/scan', 'Copy any ETF, stock by stock'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/tos', 'Terms of Service'],
  ['/feedback', 'Feedback'],
  ['/feedback-noauth', 'Feedback'],
];

const widths = [375, 1280];

const visit = async (page: Page, route: string, title: string) => {
  await page.goto(route);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
};

/** Wider than the viewport means a sideways scrollbar on a phone. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('Public pages in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(widths)(
    'renders every public route at %i px without console errors or sideways scrolling',
    async (width) => {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 800 });
      for (const [route, title] of publicPages) {
        await visit(page, route, title);
        expect(await overflowsSideways(page), `${route} at ${width} px`).toBe(false);
        // Brings every fading section into view, so nothing stays hidden behind the animation.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );

  it('shows every landing section, and every landing link leads somewhere real', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl);
    await visit(page, '/', 'Replicate any ETF with individual stocks');
    await saveScreenshot(page, 'landing.png');

    for (const name of ['Features', 'Pricing', 'What investors say', 'Frequently asked questions']) {
      await page.getByRole('region', { name }).waitFor();
    }
    const pricing = page.getByRole('region', { name: 'Pricing' });
    expect(await pricing.getByRole('article').count()).toBe(4);
    expect(
      await pricing
        .getByRole('article')
        .filter({ hasText: 'Most popular' })
        .getByRole('heading')
        .textContent(),
    ).toBe('Growth');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    expect(await faq.getByRole('button').count()).toBe(9);
    await faq.getByRole('button', { name: 'Does ETF Replicator buy or sell stocks for me?' }).click();
    await faq.getByText('ETF Replicator never places trades').waitFor();
    expect(await page.getByRole('contentinfo').textContent()).toContain('© 2025 ETF Replicator');

    // Smooth scrolling to Pricing lands the section in view.
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Pricing' }).click();
    await expect
      .poll(() => pricing.evaluate((section) => section.getBoundingClientRect().top))
      .toBeLessThan(200);

    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) =>
        links.map((link) => ({ href: link.getAttribute('href') ?? '', target: link.getAttribute('target') })),
      );
    const internal = [...new Set(hrefs.map((link) => link.href).filter((href) => href.startsWith('/')))];
    const anchors = [...new Set(hrefs.map((link) => link.href).filter((href) => href.startsWith('#')))];
    const external = hrefs.filter((link) => /^https?:/.test(link.href));
    const mail = hrefs.filter((link) => link.href.startsWith('mailto:'));

    expect(internal.sort()).toEqual(
      [
        '/',
        '/directindexing',
        '/feedback-noauth',
        '/login',
        '/privacy-policy',
        '/register',
        '/tax-loss-harvesting',
        '/tos',
      ].sort(),
    );
    for (const anchor of anchors) expect(await page.locator(anchor).count(), anchor).toBe(1);
    expect(anchors.sort()).toEqual(['#faq', '#features', '#pricing']);
    expect(external.length).toBe(2);
    for (const link of external) {
      expect(link.href).toMatch(/^https:\/\//);
      expect(link.target).toBe('_blank');
    }
    expect(mail.map((link) => link.href)).toEqual(['mailto:support@etfreplicator.app']);

    for (const href of internal) {
      await page.goto(href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('heading', { name: 'Page not found' }).count(), href).toBe(0);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('finds the top holdings of QQQ in the /scan demo and copies the promo code', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await visit(page, '/scan', 'Copy any ETF, stock by stock');
    await page.getByText('QR Code Scanned').waitFor();

    await page.getByRole('link', { name: 'See How It Works' }).click();
    const ticker = page.getByRole('combobox', { name: 'ETF ticker' });
    await ticker.pressSequentially('qq');
    expect(await ticker.inputValue()).toBe('QQ');
    await page.getByRole('option', { name: 'QQQ' }).click();

    const holdings = page.getByRole('list', { name: 'Top holdings of QQQ' });
    await holdings.waitFor();
    const rows = await holdings.getByRole('listitem').allTextContents();
    expect(rows.map((row) => row.slice(0, 4))).toEqual(['NVDA', 'MSFT', 'AAPL']);
    const sectors = page.getByRole('list', { name: 'Top sectors of QQQ' });
    expect(await sectors.getByRole('listitem').count()).toBe(3);

    await page.getByRole('button', { name: 'Get 40% Discount' }).click();
    const dialog = page.getByRole('dialog', { name: '40% off for 3 months' });
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    const code = await dialog.getByRole('textbox', { name: 'Promo code' }).inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await dialog.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 15_000 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps still for visitors who ask for reduced motion', async () => {
    const { page, context, consoleErrors } = await openPage(browser, baseUrl);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page, '/scan', 'Copy any ETF, stock by stock');
    await page.getByText('QR Code Scanned').waitFor();
    expect(await page.locator('canvas').count()).toBe(0);
    await visit(page, '/directindexing', 'Direct Indexing');
    const hidden = await page.locator('main > section[data-visible="false"]').count();
    expect(hidden).toBe(0);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await visit(page, '/scan', 'Copy any ETF, stock by stock');
    await page.locator('canvas').first().waitFor({ state: 'attached' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
