import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { clientHeaders } from './client-address';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

export type OpenPage = { context: BrowserContext; page: Page; consoleErrors: string[] };

/**
 * A fresh context (own cookies, storage and client address) with one page that records console errors, page crashes and
 * Content-Security-Policy violations.
 */
export const openPage = async (
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<OpenPage> => {
  const context = await browser.newContext({ baseURL, viewport, extraHTTPHeaders: clientHeaders() });
  // Every Content-Security-Policy violation becomes a console error, so the tests' console checks catch it.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      consoleErrors.push(`${page.url()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  return { context, page, consoleErrors };
};

/** The page is no wider than the viewport: nothing scrolls sideways. */
export const expectNoSidewaysScroll = async (page: Page, width: number): Promise<void> => {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width)
    throw new Error(`the page scrolls sideways: ${scrollWidth} px wide at ${width} px`);
};
