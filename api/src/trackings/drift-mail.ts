import { indexLabel } from '@etf-replicator/core';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { formatMoney } from '@etf-replicator/core/shared/money';
import { taxBudgetNote } from '@etf-replicator/core/tax/budget-note';
import { getUserById } from '@etf-replicator/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { driftAlertMail } from '../mail/templates';
import { ordersWithoutPaused } from '../market-data/corporate-actions/paused-orders';
import { investorLedger } from '../tax/investor-ledger';
import { withTaxBudget } from '../tax/tax-budget-detail';
import { nyToday } from '../tax/wash-windows';

/** How long the unsubscribe link in a drift alert e-mail works (it needs no sign-in). */
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 180 * 24 * 60 * 60;

export const unsubscribePath = (trackingId: string) =>
  `/api/trackings/${encodeURIComponent(trackingId)}/alerts/unsubscribe`;

/**
 * What the e-mail reads of the tracking's stored view: its orders, holdings, leftover, prices and, under a gains
 * budget, the budget and what withTaxBudget replaces.
 */
export type MailedView = Pick<
  TrackingDetail,
  | 'adjustmentOrders'
  | 'currentReplication'
  | 'prices'
  | 'taxBudget'
  | 'degraded'
  | 'targetReplication'
  | 'targetReplicationRate'
  | 'index'
>;

/**
 * The view's orders as the tracking's detail serves them: under a gains budget, the budget's (withTaxBudget, keyed
 * by the alert: one derivation per e-mail), with the sentence saying whether the orders respect it.
 */
const budgetedMailView = async (
  app: FastifyInstance,
  alert: { alertId: string; trackingId: string; userId: string; etfSymbol: string },
  view: MailedView,
): Promise<{ view: MailedView; budgetNote?: string }> => {
  if (!view.taxBudget) return { view };
  const record = {
    trackingId: alert.trackingId,
    userId: alert.userId,
    symbol: alert.etfSymbol,
    version: `drift-alert:${alert.alertId}`,
    detail: view,
  };
  const served = await withTaxBudget(app, record, await investorLedger(app, alert.userId), nyToday());
  const budget = served.taxBudget;
  return budget ? { view: served, budgetNote: taxBudgetNote(budget, formatMoney) } : { view: served };
};

export const driftAlertMailKey = (alertId: string) => `drift-alert:${alertId}`;

/**
 * The e-mail of one DriftAlertRaised (sent right after the check appended it; a re-run appends nothing and sends
 * nothing): the ETF, the old and new rate, the orders that would restore it as the tracking's page serves them (a
 * gains budget's, with the sentence saying so; those of a flagged symbol paused, with the reason), a link to the
 * tracking, and a signed unsubscribe link. Nothing for an unknown or disabled user. Once per alert (mail_once): the recovery sweep
 * (drift-mail-recovery.ts) may call it again for an alert whose e-mail a crash cut off. True when it stored one.
 */
export const sendDriftAlertMail = async (
  app: FastifyInstance,
  alert: {
    alertId: string;
    trackingId: string;
    userId: string;
    etfSymbol: string;
    referenceRate: string | null;
    currentRate: string;
  },
  view: MailedView,
): Promise<boolean> => {
  const user = await getUserById(app.db.pool, alert.userId);
  if (!user || user.disabled) return false;
  const { link, mailer } = app.accounts;
  const signed = app.signedUrls.sign(
    unsubscribePath(alert.trackingId),
    UNSUBSCRIBE_LINK_TTL_SECONDS,
    new Date(),
  );
  const [path = '', query = ''] = signed.split('?');
  const budgeted = await budgetedMailView(app, alert, view);
  const { orders, paused } = await ordersWithoutPaused(
    app,
    { symbol: alert.etfSymbol, index: view.index },
    budgeted.view,
  );
  // One sentence per flagged symbol (a BUY paused for a SELL's cash names that SELL's move already).
  const pausedReasons = [
    ...new Set(paused.filter((order) => order.symbol === order.flaggedSymbol).map((order) => order.reason)),
  ];
  return mailer.sendOnce(
    driftAlertMailKey(alert.alertId),
    driftAlertMail(user.email, user.first_name, {
      trackingName: view.index ? indexLabel(view.index) : alert.etfSymbol,
      referenceRate: alert.referenceRate,
      currentRate: alert.currentRate,
      orders,
      ...(pausedReasons.length > 0 ? { pausedReasons } : {}),
      ...(budgeted.budgetNote ? { budgetNote: budgeted.budgetNote } : {}),
      trackingUrl: link(undefined, `/tracking/${encodeURIComponent(alert.etfSymbol)}`, {
        id: alert.trackingId,
      }),
      unsubscribeUrl: link(undefined, path, Object.fromEntries(new URLSearchParams(query))),
    }),
  );
};
