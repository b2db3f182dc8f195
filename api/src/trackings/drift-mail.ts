import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { getUserById } from '@etf-replicator/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { driftAlertMail } from '../mail/templates';

/** How long the unsubscribe link in a drift alert e-mail works (it needs no sign-in). */
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 180 * 24 * 60 * 60;

export const unsubscribePath = (trackingId: string) =>
  `/api/trackings/${encodeURIComponent(trackingId)}/alerts/unsubscribe`;

/**
 * The e-mail of one DriftAlertRaised (sent right after the check appended it; a re-run appends nothing and sends
 * nothing): the ETF, the old and new rate, the orders that would restore it, a link to the tracking, and a signed
 * unsubscribe link. Nothing for an unknown or disabled user. Once per alert (mail_once): the recovery sweep
 * (drift-mail-recovery.ts) may call it again for an alert whose e-mail a crash cut off. True when it stored one.
 */
export const driftAlertMailKey = (alertId: string) => `drift-alert:${alertId}`;

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
  view: Pick<TrackingDetail, 'adjustmentOrders'>,
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
  return mailer.sendOnce(
    driftAlertMailKey(alert.alertId),
    driftAlertMail(user.email, user.first_name, {
      etfSymbol: alert.etfSymbol,
      referenceRate: alert.referenceRate,
      currentRate: alert.currentRate,
      orders: view.adjustmentOrders,
      trackingUrl: link(undefined, `/tracking/${encodeURIComponent(alert.etfSymbol)}`, {
        id: alert.trackingId,
      }),
      unsubscribeUrl: link(undefined, path, Object.fromEntries(new URLSearchParams(query))),
    }),
  );
};
