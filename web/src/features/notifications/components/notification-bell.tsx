import { Popover } from 'radix-ui';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime, formatPercent } from '@/lib/format';
import { useSession } from '@/stores/session-store';
import {
  flattenNotifications,
  type Notification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/notifications';

export const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

const BellIcon = () => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    className="size-5"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
  >
    <path strokeLinecap="round" strokeLinejoin="round" d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
    <path strokeLinecap="round" d="M10.3 20a1.9 1.9 0 0 0 3.4 0" />
  </svg>
);

const describe = (notification: Notification) =>
  notification.referenceRate === null
    ? `Its balance drifted; the rate is ${formatPercent(notification.currentRate)}.`
    : `Rate fell from ${formatPercent(notification.referenceRate)} to ${formatPercent(notification.currentRate)}.`;

const textButton =
  'shrink-0 rounded px-2 py-1 text-xs font-semibold text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:opacity-60';

const NotificationItem = ({ notification, onOpen }: { notification: Notification; onOpen: () => void }) => {
  const markRead = useMarkNotificationRead();
  const unread = notification.readAt === null;
  return (
    <li className={`rounded-md px-3 py-2.5 ${unread ? 'bg-indigo-50' : ''}`}>
      <div className="flex items-start gap-2">
        {unread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600" />}
        <div className="min-w-0 flex-1">
          <Link
            to={paths.trackingById(notification.etfSymbol, notification.trackingId)}
            onClick={() => {
              if (unread) markRead.mutate(notification.id);
              onOpen();
            }}
            className="text-sm font-semibold text-slate-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Your {notification.trackingName ?? notification.etfSymbol} tracking has drifted
          </Link>
          <p className="text-sm text-slate-600">{describe(notification)}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            {formatDateTime(notification.createdAt)}
            {unread ? '' : ' · read'}
          </p>
        </div>
        {unread && (
          <button
            type="button"
            onClick={() => markRead.mutate(notification.id)}
            disabled={markRead.isPending}
            className={`${textButton} disabled:opacity-50`}
          >
            Mark read
          </button>
        )}
      </div>
    </li>
  );
};

/**
 * The top bar's bell (issue 20): the unread drift alerts' count and the latest ones, newest first, ten at a time
 * ("Show older" loads the next ten), with "Mark all read" while any is unread.
 */
export const NotificationBell = () => {
  const signedIn = useSession((state) => state.accessToken !== undefined);
  const query = useNotifications(signedIn);
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.pages[0]?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const notifications = query.data ? flattenNotifications(query.data) : [];
  // The buttons stay enabled (aria-disabled) while busy, so keyboard focus stays on them.
  const showOlder = () => {
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={bellLabel(unread)}
        className="relative grid size-9 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <BellIcon />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-rose-600 px-1 text-[11px] leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between gap-2 pt-1 pr-1 pb-1 pl-3">
            <h2
              ref={heading}
              tabIndex={-1}
              className="py-1 text-sm font-semibold text-slate-900 outline-none"
            >
              Notifications
            </h2>
            {unread > 0 && (
              <button
                type="button"
                aria-disabled={markAll.isPending || undefined}
                onClick={() => {
                  // The button goes once all are read: focus stays in the popover, on its heading.
                  if (!markAll.isPending)
                    markAll.mutate(undefined, { onSuccess: () => heading.current?.focus() });
                }}
                className={textButton}
              >
                {markAll.isPending ? 'Marking…' : 'Mark all read'}
              </button>
            )}
          </div>
          {markAll.isError && (
            <p role="alert" className="px-3 pb-2 text-sm text-rose-700">
              Could not mark them read. Try again.
            </p>
          )}
          {query.isPending ? (
            <p className="px-3 py-3 text-sm text-slate-500">Loading…</p>
          ) : query.isError && !query.data ? (
            <p role="alert" className="px-3 py-3 text-sm text-rose-700">
              Notifications could not be loaded.{' '}
              <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
                Try again
              </button>
            </p>
          ) : notifications.length === 0 ? (
            <p className="px-3 py-3 text-sm text-slate-500">
              No notifications yet. A drift alert appears here when a tracking falls behind.
            </p>
          ) : (
            <div className="max-h-[60vh] overflow-x-hidden overflow-y-auto">
              <ul className="space-y-1">
                {notifications.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} onOpen={close} />
                ))}
              </ul>
              {query.isFetchNextPageError ? (
                <p role="alert" className="px-3 py-2.5 text-sm text-rose-700">
                  Older notifications could not be loaded.{' '}
                  <button type="button" className="font-semibold underline" onClick={showOlder}>
                    Try again
                  </button>
                </p>
              ) : (
                query.hasNextPage && (
                  <div className="px-1.5 pt-1 pb-0.5">
                    <button
                      type="button"
                      aria-disabled={query.isFetchingNextPage || undefined}
                      onClick={showOlder}
                      className="w-full rounded-md px-3 py-2 text-sm font-semibold text-indigo-700 ring-1 ring-slate-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:opacity-60"
                    >
                      {query.isFetchingNextPage ? 'Loading…' : 'Show older'}
                    </button>
                  </div>
                )
              )}
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
};
