import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

export type OpenPage = { context: BrowserContext; page: Page; consoleErrors: string[] };

/** A fresh context (own cookies and storage) with one page that records console errors and page crashes. */
export const openPage = async (
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<OpenPage> => {
  const context = await browser.newContext({ baseURL, viewport });
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
