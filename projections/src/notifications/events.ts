import { z } from 'zod';

/** The owner opened a notification (stream `notifications-{userId}`). */
export const NOTIFICATION_READ = 'NotificationRead';
export const NOTIFICATION_READ_SCHEMA_VERSION = 1;
export const notificationReadSchema = z.object({
  notificationId: z.string().min(1),
  userId: z.string().min(1),
  readAt: z.iso.datetime({ offset: true }),
});
export type NotificationRead = z.infer<typeof notificationReadSchema>;

export const notificationsStreamId = (userId: string): string => `notifications-${userId}`;
