import {
  notificationIdParams,
  notificationsPageSchema,
  notificationsQuerySchema,
} from '@etf-replicator/core/contracts/notifications';
import {
  NOTIFICATION_READ,
  NOTIFICATION_READ_SCHEMA_VERSION,
  type NotificationRead,
  notificationsStreamId,
} from '@etf-replicator/projections/notifications/events';
import { findNotification, getNotifications } from '@etf-replicator/projections/notifications/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nameBasedUuid } from '../../market-data/content-hash';

const messageSchema = z.object({ message: z.string() });
const security = [{ bearerAuth: [] }];

/**
 * The signed-in user's notifications (issue 20): drift alerts, newest first with the unread count, and marking one
 * read (NotificationRead on `notifications-{userId}`; its id derives from the notification, so a repeat is a no-op).
 */
export default async function notificationsFeature(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/notifications',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, with the unread count',
        security,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema },
      },
    },
    async (request) =>
      notificationsPageSchema.parse(await getNotifications(app.db.pool, request.user.userId, request.query)),
  );

  typed.post(
    '/api/notifications/:notificationId/read',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['notifications'],
        summary: 'Mark a notification read',
        security,
        params: notificationIdParams,
        response: { 204: z.null(), 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const { notificationId } = request.params;
      const found = await findNotification(app.db.pool, userId, notificationId);
      if (!found) return reply.code(404).send({ message: 'Notification not found' });
      if (!found.read) {
        const data: NotificationRead = { notificationId, userId, readAt: new Date().toISOString() };
        const { position } = await app.eventStore.appendToStream(
          notificationsStreamId(userId),
          [
            {
              id: nameBasedUuid(NOTIFICATION_READ, notificationId),
              type: NOTIFICATION_READ,
              data,
              metadata: { schemaVersion: NOTIFICATION_READ_SCHEMA_VERSION, actorUserId: userId },
            },
          ],
          { expectedRevision: 'any' },
        );
        await app.projections.waitForPosition(position, { projections: ['notifications'] });
      }
      return reply.code(204).send(null);
    },
  );
}
