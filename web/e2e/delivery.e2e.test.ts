import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const accountsApi = inject('accountsApi');

/** Issue 15: how the built app reaches the browser, and what the tab says while it loads. */
describe('Delivery of the built app', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends the main script precompressed with brotli or gzip, as the browser asks, and plain otherwise', async () => {
    const html = await (await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } })).text();
    const main = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(main).toMatch(/^\/assets\/index-.+\.js$/);
    const get = (encoding: string) =>
      fetch(`${baseUrl}${main}`, { headers: { 'accept-encoding': encoding } });
    const [brotli, gzip, plain] = [await get('br'), await get('gzip'), await get('identity')];
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const [a, b, c] = [await brotli.text(), await gzip.text(), await plain.text()];
    expect(a).toBe(c);
    expect(b).toBe(c);
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
  });

  it("shows a visitor page's own title while the page's code is still loading", async () => {
    const { page, context } = await openPage(browser, baseUrl);
    // Hold back the lazily loaded chunk of the legal pages for 2 s.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/legal-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/privacy-policy', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.title !== 'ETF Replicator');
    expect(await page.title()).toBe('Privacy Policy · ETF Replicator');
    expect(await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).count()).toBe(0);
    release();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.title()).toBe('Privacy Policy · ETF Replicator');
    await context.close();
  });

  it.skipIf(!accountsApi)(
    "shows a signed-in page's own title while the session is being restored",
    async () => {
      const investor = await confirmedUser(baseUrl, 'titles');
      const { page, context } = await openPage(browser, baseUrl);
      await signIn(page, investor);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/auth/refresh-token', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/etftrackings', { waitUntil: 'domcontentloaded' });
      await page.getByText('Signing you in…').first().waitFor({ state: 'attached' });
      expect(await page.title()).toBe('Tracked ETFs · ETF Replicator');
      release();
      await page
        .getByRole('heading', { level: 1, name: /Tracked ETFs|No Tracked ETFs/ })
        .first()
        .waitFor();
      expect(await page.title()).toBe('Tracked ETFs · ETF Replicator');
      await context.close();
    },
  );
});
