import { addDays, ZERO } from '@etf-replicator/core';
import type { HeldBackBuy, WashSaleWarning, WashWindowView } from '@etf-replicator/core/contracts/taxes';
import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { openWindows } from '@etf-replicator/core/tax/ledger';
import type { WashWindow } from '@etf-replicator/core/tax/ledger-types';
import { nyTradeDate } from '@etf-replicator/core/tax/trade-date';
import type { InvestorLedger } from './investor-ledger';
import { text } from './ledger-views';

/** Today's New York trade date: windows, terms and tax years are judged on it. */
export const nyToday = (now: Date = new Date()): string => nyTradeDate(now.toISOString());

/** The tracking a loss sale was recorded in (its SELL fact). */
const saleTrackingOf = (investor: InvestorLedger, saleId: string): string => {
  const sale = investor.facts.find((fact) => fact.kind === 'SELL' && fact.saleId === saleId);
  return sale?.trackingId ?? '';
};

/** False when no sale of the investor is recent enough to have an open window (then no fold is needed). */
export const mayHaveOpenWindows = (investor: InvestorLedger, today: string): boolean =>
  investor.log.latestSoldOn !== '' && investor.log.latestSoldOn >= addDays(today, -30);

/** False when none of these lots was acquired within 30 days of any sale of the investor (nothing to absorb). */
const mayAbsorb = (investor: InvestorLedger, lotIds: readonly string[]): boolean => {
  if (investor.log.saleCount === 0) return false;
  const dates = lotIds.flatMap((lotId) => investor.log.acquiredOn(lotId) ?? []);
  if (dates.length === 0) return false;
  const sales = investor.log.saleDates();
  return dates.some((date) => {
    const [from, to] = [addDays(date, -30), addDays(date, 30)];
    return sales.some((soldOn) => soldOn >= from && soldOn <= to);
  });
};

/** The investor's open wash-sale windows today (any tracking's loss sales), as GET /api/tax/windows lists them. */
export const windowViews = (investor: InvestorLedger, today: string): WashWindowView[] =>
  openWindows(investor.ledger, today).map((window) => {
    const trackingId = saleTrackingOf(investor, window.saleId);
    const label = investor.trackings.get(trackingId)?.label ?? '';
    return {
      symbol: window.symbol,
      soldOn: window.soldOn,
      until: window.until,
      saleId: window.saleId,
      trackingId,
      trackingLabel: label,
      openLoss: text(window.openLoss),
      unmatchedShares: text(window.unmatchedShares),
      reason: `${window.symbol} was sold at a loss on ${window.soldOn} in the ${label} tracking: buying it (or another share class of the same company) until ${window.until} would disallow the loss (wash sale).`,
    };
  });

/** The open windows of the security `symbol` stands for (share classes included), latest end first. */
export const windowsOfSecurity = (
  investor: InvestorLedger,
  windows: readonly WashWindow[],
  symbol: string,
): WashWindow[] => {
  const key = investor.securityKeyOf(symbol);
  return windows.filter((window) => window.securityKey === key).sort((a, b) => (a.until < b.until ? 1 : -1));
};

/**
 * The one window rule for suggested orders (issue 26 item 4): a BUY of a security inside one of the investor's open
 * windows is held back (listed with the window's end), every other order stays as suggested.
 */
export const holdBackBuys = (
  investor: InvestorLedger,
  orders: readonly AdjustmentOrderLine[],
  today: string,
): { orders: AdjustmentOrderLine[]; heldBack: HeldBackBuy[] } => {
  if (!mayHaveOpenWindows(investor, today)) return { orders: [...orders], heldBack: [] };
  const windows = investor.memo(`windows:${today}`, () => openWindows(investor.ledger, today));
  const kept: AdjustmentOrderLine[] = [];
  const heldBack: HeldBackBuy[] = [];
  for (const order of orders) {
    const blocking =
      order.orderType === 'BUY' ? windowsOfSecurity(investor, windows, order.symbol)[0] : undefined;
    if (!blocking) {
      kept.push(order);
      continue;
    }
    const what =
      blocking.symbol === order.symbol
        ? order.symbol
        : `${blocking.symbol} (a share class of ${order.symbol})`;
    heldBack.push({
      symbol: order.symbol,
      shares: order.shares,
      until: blocking.until,
      reason: `${what} was sold at a loss on ${blocking.soldOn}: buying ${order.symbol} on or before ${blocking.until} would disallow that loss (wash sale).`,
    });
  }
  return { orders: kept, heldBack };
};

/** The wash-sale warnings of BUY lots just recorded: every disallowed loss each one absorbed. */
export const washSaleWarnings = (investor: InvestorLedger, lotIds: readonly string[]): WashSaleWarning[] =>
  !mayAbsorb(investor, lotIds)
    ? []
    : lotIds.flatMap((lotId) =>
        (investor.ledger.adjustmentsByLot.get(lotId) ?? []).map((adjustment) => ({
          code: 'WASH_SALE' as const,
          symbol: adjustment.saleSymbol,
          saleDate: adjustment.soldOn,
          disallowedLoss: text(adjustment.amount),
        })),
      );

/**
 * The wash sale a BUY's history entry shows (issue 26): the disallowed losses its lot absorbed, summed, naming the
 * latest loss sale; undefined when none. Derived from the ledger at read time, so a revert or a late-recorded buy
 * changes it and nothing stored can go stale.
 */
export const washSaleOfLot = (
  investor: InvestorLedger,
  lotId: string,
): { saleDate: string; symbol: string; disallowedLoss: string } | undefined => {
  const adjustments = investor.ledger.adjustmentsByLot.get(lotId) ?? [];
  const latest = adjustments.reduce<(typeof adjustments)[number] | undefined>(
    (found, adjustment) => (found && found.soldOn >= adjustment.soldOn ? found : adjustment),
    undefined,
  );
  if (!latest) return undefined;
  return {
    saleDate: latest.soldOn,
    symbol: latest.saleSymbol,
    disallowedLoss: text(adjustments.reduce((sum, adjustment) => sum.add(adjustment.amount), ZERO)),
  };
};
