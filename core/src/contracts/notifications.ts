import { z } from 'zod';

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** GET /api/notifications?page&size (issue 20): newest first. */
export const notificationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(['drift-alert']),
  trackingId: z.string(),
  etfSymbol: z.string(),
  /** What the tracking replicates now, as the investor reads it ("70 % VTI + 30 % QQQ", or the ETF's symbol). */
  trackingName: z.string().optional(),
  /** Replication rate right after the last executed order (null when only the balance drifted). */
  referenceRate: decimalString.nullable(),
  currentRate: decimalString,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsPageSchema = z.object({
  content: z.array(notificationSchema),
  totalElements: z.number().int(),
  /** Unread notifications of the user (all pages): the bell's count. */
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const notificationIdParams = z.object({ notificationId: z.string().min(1).max(100) });
