import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LotsResponse, TaxLossHarvestingResponse } from '@etf-replicator/core/contracts/taxes';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { D } from '@etf-replicator/core/shared/decimal';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { formatMoney } from '../src/lib/format';
import { confirmedUser, signIn } from './support/accounts';
import { expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { ADMIN, type RunningServer, startServer } from './support/server';
import { apiCall, apiToken, setPlan, tokenClaims, trackingsApi } from './support/trackings-api';

const accountsApi = inject('accountsApi');
const webDist = inject('webDist');
/** The afternoon of the bundle's October close: the tracking is created then, so fills can be dated that day. */
const OCTOBER_30 = Date.parse('2025-10-30T18:00:00Z');

const nflxOrders = (detail: TrackingDetail) => detail.adjustmentOrders.filter((o) => o.symbol === 'NFLX');

/**
 * The end of issue 32's walk in the browser (cash-walk, fills and corporate-actions cover the rest): NFLX bought at
 * the Oct 30, 2025 close ($1,089.00) with a dated fill recorded after the bundled 10-for-1 of Nov 17 was recorded
 * (at the server's start), DD beside it → the BUY follows the split at once: 10 shares at $108.90, the $1,089.00
 * basis and the date unchanged → the admin publishes the 2025-11-18 closes (NFLX $114.09, DD −52.50 % after a
 * spin-off nobody recorded) → the page pauses DD's orders with the reason; no fake NFLX loss to harvest, no NFLX BUY
 * to "average down". The server's clock is set back to Oct 30, 2025 while the tracking is created (as fills.e2e
 * does), then brought to now. Screenshots at 375 and 1280 px.
 */
describe.skipIf(!accountsApi)('A split across two snapshots, with a dated fill (issue 32)', () => {
  let browser: Browser;
  let server: RunningServer;
  let clockDir: string;
  let clockFile: string;

  beforeAll(async () => {
    clockDir = await mkdtemp(path.join(tmpdir(), 'etf-replicator-e2e-clock-'));
    clockFile = path.join(clockDir, 'offset-ms');
    await writeFile(clockFile, '0');
    const shiftedClock = pathToFileURL(path.join(import.meta.dirname, 'support/shifted-clock.mjs')).href;
    server = await startServer(webDist, {
      MARKET_REFRESH_CRON: 'off',
      E2E_CLOCK_OFFSET_FILE: clockFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${shiftedClock}`.trim(),
    });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(clockDir, { recursive: true, force: true });
  });

  it('bought before the split, recorded after it: 10× shares at once, same basis, no fake loss; DD paused', async () => {
    const baseUrl = server.baseUrl;
    // Oct 30, 2025: the investor (Pro) and a $100,000 IVV tracking at the bundle's October closes.
    await writeFile(clockFile, String(OCTOBER_30 - Date.now()));
    const user = await confirmedUser(baseUrl, 'split-walk');
    const early = await apiToken(baseUrl, user);
    const earlyAdmin = await apiToken(baseUrl, ADMIN);
    await setPlan(baseUrl, earlyAdmin, tokenClaims(early).userId, 'PRO');
    const { trackingId } = await apiCall<{ trackingId: string }>(
      baseUrl,
      await apiToken(baseUrl, user),
      'POST',
      '/api/trackings',
      {
        symbol: 'IVV',
        currentReplication: { targetInvestmentAmount: '100000', investments: [], leftoverAmount: '100000' },
        fractionalShares: true,
      },
    );
    await writeFile(clockFile, '0');
    const token = await apiToken(baseUrl, user);
    const admin = await apiToken(baseUrl, ADMIN);
    const api = trackingsApi(baseUrl, token);
    // Filled at the Oct 30 closes, dated that day.
    await apiCall(baseUrl, token, 'POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, [
      { symbol: 'NFLX', orderType: 'BUY', shares: '1', price: '1089', executedAt: '2025-10-30' },
      { symbol: 'DD', orderType: 'BUY', shares: '30', price: '81.47', executedAt: '2025-10-30' },
    ]);
    const lotsOf = async (symbol: string) =>
      (await apiCall<LotsResponse>(baseUrl, token, 'GET', `/api/trackings/${trackingId}/lots`)).holdings.find(
        (holding) => holding.symbol === symbol,
      );
    // Recorded after the split was: 1 share at $1,089.00 is 10 at $108.90 (1,089.00 ÷ 10) at once, basis
    // 10 × 108.90 = $1,089.00 and the date unchanged, by a system action in the history (revertible).
    const split = await lotsOf('NFLX');
    expect(split?.lots.map((lot) => [lot.shares, lot.costPerShare, lot.acquiredAt.slice(0, 10)])).toEqual([
      ['10', '108.9', '2025-10-30'],
    ]);
    expect(new D(split?.costBasis ?? '0').eq(new D('1089'))).toBe(true);
    const history = await apiCall<{ content: { actionType: string; revertible: boolean }[] }>(
      baseUrl,
      token,
      'GET',
      `/api/history/${trackingId}?page=0&size=50`,
    );
    expect(
      history.content.filter((line) => line.actionType === 'CORPORATE_ACTION').map((line) => line.revertible),
    ).toEqual([true]);

    await apiCall(baseUrl, admin, 'POST', '/api/admin/market/import', { asOf: '2025-11-18' });
    await expect
      .poll(async () => (await api.detail(trackingId)).pricesAsOf?.to, { timeout: 60_000 })
      .toBe('2025-11-18');
    const candidates = async () =>
      (
        await apiCall<TaxLossHarvestingResponse>(
          baseUrl,
          token,
          'GET',
          `/api/trackings/${trackingId}/tax-loss-harvesting`,
        )
      ).candidates.map((candidate) => candidate.symbol);
    const after = await api.detail(trackingId);
    const held = after.currentReplication.investments.find((line) => line.symbol === 'NFLX');
    expect(held?.numberOfShares).toBe('10');
    // 10 × $114.09 = $1,140.90 is above NFLX's share of $100,000 (0.86 % ≈ $860): no BUY to "average down", and no
    // fake −$974.91 loss (1 share "worth" $114.09) offered for harvesting.
    expect(nflxOrders(after).some((order) => order.orderType === 'BUY')).toBe(false);
    expect(await candidates()).not.toContain('NFLX');
    // DD's −52.50 % has no recorded action: its orders are paused, its loss not offered.
    expect(after.pausedOrders?.map((order) => order.flaggedSymbol)).toContain('DD');
    expect(after.pausedOrders?.[0]?.symbol).toBe('DD');
    expect(after.adjustmentOrders.some((order) => order.symbol === 'DD')).toBe(false);
    expect(await candidates()).not.toContain('DD');

    for (const width of [375, 1280]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('IVV', trackingId));
      await page
        .getByRole('alert', { name: 'Price alerts' })
        .getByText(/^DD moved -52\.50%/)
        .waitFor();
      const orders = page.getByRole('region', { name: 'Suggested adjustment orders' });
      const paused = orders.getByRole('list', { name: 'Paused orders' });
      await expect(paused.textContent()).resolves.toMatch(
        /^SELL [\d.]+ DD paused: DD moved -52\.50% between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split/,
      );
      await paused.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `split-walk-paused-${width}.png`);
      await expectNoSidewaysScroll(page, width);
      // The history shows the split the backdated BUY followed, as a system action of its own.
      const toggle = page.getByRole('button', { name: /Transaction history/ });
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      const history = page.getByRole('region', { name: /Transaction history/ });
      const line = history.getByText('Split 10-for-1 applied to NFLX: 1 → 10 shares').first();
      await line.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `split-walk-history-${width}.png`);
      await expectNoSidewaysScroll(page, width);
      // The exclusions preview and the import preview pause DD's orders as the page does (one rule).
      const panel = page.getByRole('region', { name: 'Exclusions' });
      await panel.getByRole('checkbox', { name: /^Energy/ }).click();
      const pausedCount = panel.getByText('Paused by an unexplained price move (see the orders)');
      await pausedCount.waitFor();
      await pausedCount.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `split-walk-exclusions-preview-${width}.png`);
      await expectNoSidewaysScroll(page, width);
      await page.goto(paths.newTrackingFor('IVV'));
      await page.getByRole('button', { name: 'Import from broker' }).click();
      await page.getByLabel("Or paste the file's contents").fill('symbol,shares\nDD,30\n');
      await page.getByRole('button', { name: 'Preview import' }).click();
      const preview = page.getByRole('region', { name: 'Import preview' });
      const importPaused = preview.getByRole('list', { name: 'Paused orders' });
      await expect(importPaused.textContent()).resolves.toMatch(/^SELL [\d.]+ DD paused: DD moved -52\.50%/);
      await importPaused.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `split-walk-import-preview-${width}.png`);
      await expectNoSidewaysScroll(page, width);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }

    for (const width of [375, 1280]) {
      const { page, context, consoleErrors } = await openPage(browser, baseUrl, { width, height: 900 });
      await signIn(page, user);
      await page.goto(paths.trackingById('IVV', trackingId));
      await page.getByRole('tab', { name: 'Taxes' }).click();
      const lots = page.getByRole('region', { name: 'Lots and unrealised gains' });
      await lots.getByText('NFLX').first().waitFor();
      await expect(lots.textContent()).resolves.toContain(formatMoney('108.9'));
      await expect(lots.textContent()).resolves.toContain(formatMoney('1089'));
      const harvesting = page.getByRole('region', { name: 'Tax-loss harvesting' });
      await harvesting.waitFor();
      expect(await harvesting.getByRole('listitem', { name: 'Harvest candidate NFLX' }).count()).toBe(0);
      await lots.getByText('NFLX').first().scrollIntoViewIfNeeded();
      await saveScreenshot(page, `split-walk-lots-after-split-${width}.png`);
      await expectNoSidewaysScroll(page, width);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  }, 600_000);
});
