import { driftAlertRaisedSchema } from '@etf-replicator/core/tracking/events';
import { sql } from 'slonik';
import type { Projector } from '../runner/projector';
import { NOTIFICATION_READ, notificationReadSchema } from './events';

const TRACKING_PREFIX = 'tracking-';

/**
 * `notifications`: the in-app list (issue 20). A DriftAlertRaised becomes one unread row for the tracking's owner;
 * NotificationRead marks it read. Replays are no-ops (keyed by the alert's event id; a read keeps its first time).
 */
export const notificationsProjector: Projector = {
  name: 'notifications',
  eventTypes: ['DriftAlertRaised', NOTIFICATION_READ],
  inline: true,
  tables: ['notifications'],
  handle: async (tx, event) => {
    if (event.type === NOTIFICATION_READ) {
      const read = notificationReadSchema.safeParse(event.data);
      if (!read.success) return;
      await tx.query(sql.unsafe`
        update notifications set read_at = ${read.data.readAt}
         where notification_id = ${read.data.notificationId} and user_id = ${read.data.userId} and read_at is null`);
      return;
    }
    const alert = driftAlertRaisedSchema.safeParse(event.data);
    if (!alert.success || !event.streamId.startsWith(TRACKING_PREFIX)) return;
    const a = alert.data;
    await tx.query(sql.unsafe`
      insert into notifications (notification_id, user_id, kind, tracking_id, etf_symbol, reference_rate,
                                 current_rate, created_at)
      values (${event.id}, ${a.userId}, 'drift-alert', ${event.streamId.slice(TRACKING_PREFIX.length)},
              ${a.etfSymbol}, ${a.referenceRate}, ${a.currentRate}, ${a.occurredAt})
      on conflict (notification_id) do nothing`);
  },
};
