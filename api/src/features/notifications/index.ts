import { DuplicateEventIdError } from '@etf-replicator/core';
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
import {
  findNotification,
  getNotifications,
  unreadNotificationIds,
} from '@etf-replicator/projections/notifications/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nameBasedUuid } from '../../market-data/content-hash';

const messageSchema = z.object({ message: z.string() });
const security = [{ bearerAuth: [] }];

/** The NotificationRead of one notification: its id derives from the notification, so it is recorded at most once. */
const readEvent = (userId: string, notificationId: string, readAt: string) => {
  const data: NotificationRead = { notificationId, userId, readAt };
  return {
    id: nameBasedUuid(NOTIFICATION_READ, notificationId),
    type: NOTIFICATION_READ,
    data,
    metadata: { schemaVersion: NOTIFICATION_READ_SCHEMA_VERSION, actorUserId: userId },
  };
};

/** A read-all retries when a concurrent read recorded one of its notifications first (its ids then clash). */
const READ_ALL_ATTEMPTS = 3;
/** A read-all appends at most this many NotificationRead events at a time: one append stays a bounded write. */
export const READ_ALL_PAGE = 200;

/**
 * The signed-in user's notifications (issue 20): drift alerts, newest first with the unread count, and marking one
 * read (NotificationRead on `notifications-{userId}`; its id derives from the notification, so a repeat is a no-op),
 * or all of them at once (one NotificationRead per unread notification, in one append).
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
        const { position } = await app.eventStore.appendToStream(
          notificationsStreamId(userId),
          [readEvent(userId, notificationId, new Date().toISOString())],
          { expectedRevision: 'any' },
        );
        await app.projections.waitForPosition(position, { projections: ['notifications'] });
      }
      return reply.code(204).send(null);
    },
  );

  typed.post(
    '/api/notifications/read-all',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my unread notifications read',
        description: `One NotificationRead per unread notification, appended ${READ_ALL_PAGE} at a time; with nothing unread it records nothing.`,
        security,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const readAt = new Date().toISOString();
      // Page by page: each page is read, appended and projected before the next is read, so the loop ends.
      for (let attempt = 1; ; ) {
        const unread = await unreadNotificationIds(app.db.pool, userId, { limit: READ_ALL_PAGE });
        if (unread.length === 0) break;
        try {
          const { position } = await app.eventStore.appendToStream(
            notificationsStreamId(userId),
            unread.map((notificationId) => readEvent(userId, notificationId, readAt)),
            { expectedRevision: 'any' },
          );
          await app.projections.waitForPosition(position, { projections: ['notifications'] });
        } catch (error) {
          // A single read (or another read-all) recorded some of these first: read the unread ones again.
          if (!(error instanceof DuplicateEventIdError) || attempt >= READ_ALL_ATTEMPTS) throw error;
          attempt++;
        }
      }
      return reply.code(204).send(null);
    },
  );
}
