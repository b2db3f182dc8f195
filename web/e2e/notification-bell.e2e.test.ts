import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { RECOMMENDED_ETF_SYMBOLS } from '@etf-replicator/core/market-data/recommended-etfs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type FixtureServer,
  startFmpFixtureServer,
} from '../../api/src/market-data/testing/fmp-fixture-server';
import { paths } from '../src/config/paths';
import { confirmedUser, signIn } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { mailLink } from './support/mailbox';
import { saveScreenshot } from './support/screenshots';
import { ADMIN, type RunningServer, startServer } from './support/server';
import { apiCall, apiToken, paidUser } from './support/trackings-api';

const accountsApi = inject('accountsApi');
const webDist = inject('webDist');

/**
 * Issue 20 in the browser, on a server of its own (a dated snapshot moves every tracking of the server, and the
 * refresh needs an FMP stand-in): the admin publishes the 2026-05-05 closes from the admin page → the IWM
 * investor (two IWM trackings) has 2 unread in the bell → the rate chart marks the snapshot and the alert → mark one
 * read, then Mark all read. (Paging past ten is covered by the component test: a user has at most ten trackings,
 * so one snapshot raises at most ten alerts.) The admin
 * also starts a refresh from FMP (IWM answers a malformed body and keeps its snapshot), shown in the runs list.
 * Last, the alert e-mail's unsubscribe link: a confirmation page whose button turns the alerts off.
 */
describe.skipIf(!accountsApi)('Drift alert notification bell, rate chart marks, admin market data', () => {
  let browser: Browser;
  let server: RunningServer;
  let fmp: FixtureServer;

  beforeAll(async () => {
    fmp = await startFmpFixtureServer();
    for (const symbol of RECOMMENDED_ETF_SYMBOLS) {
      fmp.route(`/stable/etf/info?symbol=${symbol}`, { fixture: 'etf-info.VOO.json' });
      fmp.route(`/stable/etf/holdings?symbol=${symbol}`, {
        fixture: symbol === 'IWM' ? 'etf-holdings.malformed.json' : 'etf-holdings.VOO.json',
      });
    }
    fmp.route('/stable/batch-quote-short', { fixture: 'batch-quote-short.json' });
    server = await startServer(webDist, {
      FMP_API_KEY: 'e2e-stand-in',
      FMP_BASE_URL: fmp.baseUrl,
      MARKET_REFRESH_CRON: 'off',
    });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fmp?.close();
  });

  it('raises an alert, shows it in the bell and on the chart, marks it read; the admin section lists runs', async () => {
    const baseUrl = server.baseUrl;
    const _admin = await apiToken(baseUrl, ADMIN);
    const { user, token } = await paidUser(baseUrl, 'bell', 'PRO');
    // Two IWM trackings with every order executed: the dated snapshot raises one alert for each.
    const createExecuted = async () => {
      const { trackingId } = await apiCall<{ trackingId: string }>(baseUrl, token, 'POST', '/api/trackings', {
        symbol: 'IWM',
        currentReplication: { targetInvestmentAmount: '10000', investments: [], leftoverAmount: '10000' },
      });
      const detail = await apiCall<TrackingDetail>(baseUrl, token, 'GET', `/api/trackings/${trackingId}`);
      await apiCall(
        baseUrl,
        token,
        'POST',
        `/api/trackings/${trackingId}/applyAdjustmentOrders`,
        detail.adjustmentOrders.map(({ symbol, shares, orderType }) => ({ symbol, shares, orderType })),
      );
      return trackingId;
    };
    const trackingId = await createExecuted();
    await createExecuted();

    // The admin page: the dated bundled import raises the alert; then a refresh from the FMP stand-in.
    for (const width of [1280, 375]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, ADMIN);
      await page.goto(paths.admin);
      const section = page.getByRole('region', { name: 'Market data' });
      await section.scrollIntoViewIfNeeded();
      if (width === 1280) {
        await page.getByLabel('Closes of').fill('2026-05-05');
        await page.getByRole('button', { name: 'Import snapshot' }).click();
        await expect
          .poll(() => page.getByRole('status').filter({ hasText: 'Closes of May 5, 2026' }).textContent(), {
            timeout: 120_000,
          })
          .toContain('2 drift alerts raised');
        await page.getByRole('button', { name: 'Refresh now' }).click();
        await expect
          .poll(() => page.getByRole('list', { name: 'Refresh runs' }).textContent(), { timeout: 60_000 })
          .toMatch(/partial.*10 published · 0 unchanged · 1 failed/);
        await expect(page.getByText(/IWM: FMP .*unexpected body/)).toBeTruthy();
      }
      await page.getByRole('heading', { name: 'Market data' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-market-data-${width}.png`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }

    // The investor: the bell, the chart, mark read.
    for (const width of [375, 1280]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('IWM', trackingId));
      const chart = page.getByRole('heading', { name: 'Replication rate over time' });
      await chart.scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByText('Drift alert (1)').count()).toBe(1);
      await expect.poll(() => page.getByText('New ETF snapshot (1)').count()).toBe(1);
      await saveScreenshot(page, `rate-chart-marks-${width}.png`);

      const unreadBell = page.getByRole('button', { name: 'Notifications, 2 unread' });
      await unreadBell.click();
      const dialog = page.getByRole('dialog', { name: 'Notifications' });
      await expect.poll(() => dialog.getByText('Your IWM tracking has drifted').count()).toBe(2);
      // Two alerts fit on the first page: nothing older to show.
      expect(await dialog.getByRole('button', { name: 'Show older' }).count()).toBe(0);
      await saveScreenshot(page, `notification-bell-open-${width}.png`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width === 1280) {
        // One by its own button, then the rest with Mark all read.
        await dialog.getByRole('button', { name: 'Mark read' }).first().click();
        await expect
          .poll(() => page.getByRole('button', { name: 'Notifications, 1 unread' }).count())
          .toBe(1);
        await expect.poll(() => dialog.getByText(/· read/).count()).toBe(1);
        await dialog.getByRole('button', { name: 'Mark all read' }).click();
        await expect
          .poll(() => page.getByRole('button', { name: 'Notifications, none unread' }).count())
          .toBe(1);
        await expect.poll(() => dialog.getByText(/· read/).count()).toBe(2);
        expect(await dialog.getByRole('button', { name: /^Mark (all )?read$/ }).count()).toBe(0);
        expect(
          await apiCall<{ unread: number }>(baseUrl, token, 'GET', '/api/notifications').then(
            (p) => p.unread,
          ),
        ).toBe(0);
        await saveScreenshot(page, `notification-bell-all-read-${width}.png`);
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }

    // The e-mail's unsubscribe link: opening it (as a mail scanner would) changes nothing; the page's button does.
    const unsubscribe = await mailLink(
      baseUrl,
      user.email,
      `/api/trackings/${trackingId}/alerts/unsubscribe`,
    );
    const { page, context } = await openPage(browser, baseUrl, { width: 375, height: 700 });
    await page.goto(unsubscribe);
    await expect.poll(() => page.getByRole('heading', { name: 'Turn off drift alerts?' }).count()).toBe(1);
    const setting = () =>
      apiCall<TrackingDetail>(baseUrl, token, 'GET', `/api/trackings/${trackingId}`).then(
        (d) => d.driftAlert,
      );
    expect(await setting()).toEqual({ enabled: true, thresholdPoints: '2' });
    await saveScreenshot(page, 'unsubscribe-confirm-375.png');
    await page.getByRole('button', { name: 'Turn off drift alerts' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Drift alerts are off' }).count()).toBe(1);
    expect(await setting()).toEqual({ enabled: false, thresholdPoints: '2' });
    await context.close();
  }, 300_000);

  it('pages older notifications inside the popover (the list answered by a stand-in: one user has at most ten alerts per snapshot)', async () => {
    const user = await confirmedUser(server.baseUrl, 'bell-pages');
    // 23 drift alerts, the first three unread, answered page by page as the API does.
    const all = Array.from({ length: 23 }, (_, index) => ({
      id: `stand-in-${index + 1}`,
      kind: 'drift-alert',
      trackingId: `t-${index + 1}`,
      etfSymbol: RECOMMENDED_ETF_SYMBOLS[index % RECOMMENDED_ETF_SYMBOLS.length],
      referenceRate: index % 4 === 3 ? null : '47.654',
      currentRate: '46.4811',
      createdAt: new Date(Date.UTC(2026, 10, 24, 12, 59 - index)).toISOString(),
      readAt: index < 3 ? null : '2026-11-24T13:00:00.000Z',
    }));
    for (const width of [375, 1280]) {
      const { page, context, consoleErrors } = await openPage(browser, server.baseUrl, {
        width,
        height: 800,
      });
      const asked: string[] = [];
      await page.route(
        (url) => url.pathname === '/api/notifications',
        async (route) => {
          const url = new URL(route.request().url());
          asked.push(url.search);
          const at = Number(url.searchParams.get('page'));
          const size = Number(url.searchParams.get('size'));
          await route.fulfill({
            json: { content: all.slice(at * size, at * size + size), totalElements: all.length, unread: 3 },
          });
        },
      );
      await signIn(page, user);
      await page.goto(paths.settings);
      await page.getByRole('button', { name: 'Notifications, 3 unread' }).click();
      const dialog = page.getByRole('dialog', { name: 'Notifications' });
      const items = dialog.getByRole('listitem');
      await expect.poll(() => items.count()).toBe(10);
      // From the keyboard: Tab reaches Show older at the bottom of the list; Enter loads ten more.
      const older = dialog.getByRole('button', { name: 'Show older' });
      for (let tab = 0; tab < 30 && !(await older.evaluate((el) => el === document.activeElement)); tab++) {
        await page.keyboard.press('Tab');
      }
      expect(await older.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => items.count()).toBe(20);
      // The list scrolls inside the popover, which stays within the window; nothing scrolls sideways.
      const scroller = dialog.locator('ul').locator('..');
      const box = await scroller.evaluate((el) => ({
        scrolls: el.scrollHeight > el.clientHeight,
        sideways: el.scrollWidth > el.clientWidth,
      }));
      expect(box).toEqual({ scrolls: true, sideways: false });
      const popover = await dialog.boundingBox();
      expect(popover && popover.y + popover.height).toBeLessThanOrEqual(800);
      expect(popover && popover.x + popover.width).toBeLessThanOrEqual(width);
      await older.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `notification-bell-show-older-${width}.png`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await older.click();
      await expect.poll(() => items.count()).toBe(23);
      expect(await older.count()).toBe(0);
      expect(asked).toEqual(
        expect.arrayContaining(['?page=0&size=10', '?page=1&size=10', '?page=2&size=10']),
      );
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
