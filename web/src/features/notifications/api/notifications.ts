import {
  type Notification,
  type NotificationsPage,
  notificationsPageSchema,
} from '@etf-replicator/core/contracts/notifications';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Notification, NotificationsPage } from '@etf-replicator/core/contracts/notifications';

/** How often the bell asks for new alerts while the page is open (it also asks again when the window regains focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The bell shows this many at first and this many more with each "Show older". */
export const NOTIFICATIONS_PAGE_SIZE = 10;

/** GET /api/notifications?page&size: one page, newest first, with the unread count over all of them. */
export const getNotificationsPage = async (page: number): Promise<NotificationsPage> =>
  notificationsPageSchema.parse(
    await api.get<unknown>(`/api/notifications?page=${page}&size=${NOTIFICATIONS_PAGE_SIZE}`),
  );

/**
 * The bell's list, one page after another. A poll or a refocus fetches every loaded page again (react-query's
 * infinite refetch), so the count and what is read stay current on all of them.
 */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions<
    NotificationsPage,
    Error,
    InfiniteData<NotificationsPage, number>,
    readonly unknown[],
    number
  >({
    queryKey: ['notifications'],
    queryFn: ({ pageParam }) => getNotificationsPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastPage) =>
      (lastPage + 1) * NOTIFICATIONS_PAGE_SIZE < last.totalElements ? lastPage + 1 : undefined,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });

export const useNotifications = (enabled: boolean) =>
  useInfiniteQuery({ ...notificationsQueryOptions(), enabled });

/**
 * The loaded pages as one list, newest first. A notification that arrived between two pages' fetches pushes the
 * last one of a page onto the next: it is listed once.
 */
export const flattenNotifications = (data: InfiniteData<NotificationsPage, number>): Notification[] => {
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.content)
    .filter((notification) => !seen.has(notification.id) && seen.add(notification.id));
};

/** POST /api/notifications/{id}/read (a repeat is a no-op). */
export const markNotificationRead = (id: string) =>
  api.post<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, undefined);

export const useMarkNotificationRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => client.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
};

/** POST /api/notifications/read-all: every unread notification of the user, on every page (a repeat is a no-op). */
export const markAllNotificationsRead = () => api.post<unknown>('/api/notifications/read-all', undefined);

export const useMarkAllNotificationsRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => client.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
};
