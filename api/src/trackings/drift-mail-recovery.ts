import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { type MailedView, sendDriftAlertMail } from './drift-mail';

/** Alerts older than this are not mailed late: after days, the e-mail would be noise (the bell still shows them). */
const RECOVER_WITHIN = sql.fragment`interval '3 days'`;

const missedRow = z.object({
  notification_id: z.string(),
  user_id: z.string(),
  tracking_id: z.string(),
  etf_symbol: z.string(),
  reference_rate: z.string().nullable(),
  current_rate: z.string(),
  view: z.unknown().nullable(),
});

/**
 * The drift alert e-mails a crash cut off. The notifications row is written in the same transaction as
 * DriftAlertRaised (an inline projection), so it is the durable record that an e-mail is owed; the e-mail's
 * mail_once key says it was stored for delivery. Every notification of the last days without its key is mailed now
 * (the server runs this at start-up). Returns how many e-mails it stored.
 */
export const sendMissedDriftAlertMails = async (app: FastifyInstance): Promise<number> => {
  const rows = await app.db.pool.any(sql.type(missedRow)`
    select n.notification_id, n.user_id, n.tracking_id, n.etf_symbol, n.reference_rate::text as reference_rate,
           n.current_rate::text as current_rate, d.view
      from notifications n
      left join tracking_detail d on d.tracking_id = n.tracking_id and not d.deleted
     where n.kind = 'drift-alert' and n.created_at > now() - ${RECOVER_WITHIN}
       and not exists (select 1 from mail_once m where m.key = 'drift-alert:' || n.notification_id)
     order by n.created_at`);
  let sent = 0;
  for (const row of rows) {
    if (!row.view) continue;
    const stored = await sendDriftAlertMail(
      app,
      {
        alertId: row.notification_id,
        trackingId: row.tracking_id,
        userId: row.user_id,
        etfSymbol: row.etf_symbol,
        referenceRate: row.reference_rate,
        currentRate: row.current_rate,
      },
      row.view as MailedView,
    );
    if (stored) sent += 1;
  }
  return sent;
};
