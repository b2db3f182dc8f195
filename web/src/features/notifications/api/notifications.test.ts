import { describe, expect, it } from 'vitest';
import { flattenNotifications, type Notification, type NotificationsPage } from './notifications';

const note = (id: string): Notification => ({
  id,
  kind: 'drift-alert',
  trackingId: `t-${id}`,
  etfSymbol: 'IWM',
  referenceRate: null,
  currentRate: '46.4811',
  createdAt: '2026-11-24T09:02:00.000Z',
  readAt: null,
});
const page = (ids: string[], totalElements: number): NotificationsPage => ({
  content: ids.map(note),
  totalElements,
  unread: totalElements,
});

describe('flattenNotifications', () => {
  it('lists the pages in order, and once a notification pushed onto the next page by a newer one', () => {
    // Page 0 was fetched before n0 arrived; page 1, after: n3 is on both.
    const data = { pages: [page(['n1', 'n2', 'n3'], 5), page(['n3', 'n4', 'n5'], 6)], pageParams: [0, 1] };
    expect(flattenNotifications(data).map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
  });
});
