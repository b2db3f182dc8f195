import { indexDefinitionSchema, indexLabel } from '@etf-replicator/core';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

const row = z.object({
  notification_id: z.string(),
  kind: z.string(),
  tracking_id: z.string(),
  etf_symbol: z.string(),
  reference_rate: z.string().nullable(),
  current_rate: z.string(),
  created_at: z.date(),
  read_at: z.date().nullable(),
  index: indexDefinitionSchema.nullable(),
});

export type NotificationRow = {
  readonly id: string;
  readonly kind: string;
  readonly trackingId: string;
  readonly etfSymbol: string;
  /** What the tracking replicates now, as the investor reads it ("70 % VTI + 30 % QQQ"; the ETF's symbol). */
  readonly trackingName: string;
  readonly referenceRate: string | null;
  readonly currentRate: string;
  readonly createdAt: string;
  readonly readAt: string | null;
};

/** One page of a user's notifications, newest first, with the totals the bell shows. */
export const getNotifications = async (
  db: CommonQueryMethods,
  userId: string,
  { page, size }: { page: number; size: number },
): Promise<{ content: NotificationRow[]; totalElements: number; unread: number }> => {
  const rows = await db.any(sql.type(row)`
    select n.notification_id, n.kind, n.tracking_id, n.etf_symbol, n.reference_rate::text, n.current_rate::text,
           n.created_at, n.read_at, d.view->'index' as index
      from notifications n left join tracking_detail d on d.tracking_id = n.tracking_id
     where n.user_id = ${userId}
     order by n.created_at desc, n.notification_id
     limit ${size} offset ${page * size}`);
  const totals = await db.one(sql.type(z.object({ total: z.number(), unread: z.number() }))`
    select count(*)::int as total, count(*) filter (where read_at is null)::int as unread
      from notifications where user_id = ${userId}`);
  return {
    content: rows.map((r) => ({
      id: r.notification_id,
      kind: r.kind,
      trackingId: r.tracking_id,
      etfSymbol: r.etf_symbol,
      trackingName: r.index ? indexLabel(r.index) : r.etf_symbol,
      referenceRate: r.reference_rate,
      currentRate: r.current_rate,
      createdAt: r.created_at.toISOString(),
      readAt: r.read_at ? r.read_at.toISOString() : null,
    })),
    totalElements: totals.total,
    unread: totals.unread,
  };
};

/** Whether the notification exists and is the user's (and whether it is read already). */
export const findNotification = async (
  db: CommonQueryMethods,
  userId: string,
  notificationId: string,
): Promise<{ read: boolean } | undefined> => {
  const found = await db.maybeOne(sql.type(z.object({ read: z.boolean() }))`
    select read_at is not null as read from notifications
     where notification_id = ${notificationId} and user_id = ${userId}`);
  return found ?? undefined;
};

/** The ids of the user's unread notifications, oldest first (what "mark all read" marks). */
export const unreadNotificationIds = async (
  db: CommonQueryMethods,
  userId: string,
  { limit }: { limit?: number } = {},
): Promise<readonly string[]> =>
  db.anyFirst(sql.type(z.object({ notification_id: z.string() }))`
    select notification_id from notifications
     where user_id = ${userId} and read_at is null
     order by created_at, notification_id
     ${limit === undefined ? sql.fragment`` : sql.fragment`limit ${limit}`}`);
