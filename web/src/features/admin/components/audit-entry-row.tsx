import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import type { AuditEntry } from '../api/get-audit-log';
import { describeEvent } from '../utils/describe-event';
import { JsonView } from './json-view';

const cell = 'px-3 py-2 align-top text-sm text-slate-900';
const TRACKING_PREFIX = 'tracking-';

const person = (email: string | null, id: string | null) => email ?? id ?? '—';

type Props = { entry: AuditEntry; expanded: boolean; onToggle: () => void };

/** One event of the log; expanded, its data and metadata (already redacted by the server) and where it leads. */
export const AuditEntryRow = ({ entry, expanded, onToggle }: Props) => {
  const detailsId = useId();
  const trackingId = entry.streamId.startsWith(TRACKING_PREFIX)
    ? entry.streamId.slice(TRACKING_PREFIX.length)
    : undefined;
  const time = formatDateTime(entry.recordedAt);
  return (
    <>
      <tr className={expanded ? 'bg-indigo-50/50' : undefined}>
        <td className={`${cell} whitespace-nowrap`}>
          <time dateTime={entry.recordedAt}>{time}</time>
        </td>
        <td className={cell}>
          <span className="font-medium">{entry.eventType}</span>
          {trackingId && (
            <span className="block text-xs text-slate-600">{describeEvent(entry.eventType, entry.data)}</span>
          )}
        </td>
        <td className={`${cell} whitespace-nowrap font-mono text-xs`}>{entry.streamId}</td>
        <td className={cell}>{person(entry.userEmail, entry.userId)}</td>
        <td className={cell}>{person(entry.actorEmail, entry.actorUserId)}</td>
        <td className={`${cell} font-mono text-xs`}>{entry.position}</td>
        <td className={cell}>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={`Details of ${entry.eventType} at ${time}`}
            onClick={onToggle}
            className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {expanded ? 'Hide' : 'Details'}
          </button>
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId}>
          <td colSpan={7} className="bg-slate-50 px-3 py-4">
            <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-slate-600">Event id</dt>
              <dd className="font-mono text-xs break-all">{entry.eventId}</dd>
              <dt className="font-medium text-slate-600">Actor</dt>
              <dd>
                {person(entry.actorEmail, entry.actorUserId)}
                {entry.actorEmail && entry.actorUserId ? ` (${entry.actorUserId})` : ''}
              </dd>
              <dt className="font-medium text-slate-600">Correlation id</dt>
              <dd className="font-mono text-xs break-all">{entry.correlationId ?? '—'}</dd>
              <dt className="font-medium text-slate-600">Stream revision</dt>
              <dd>{entry.streamRevision}</dd>
            </dl>
            <div className="mt-3 grid gap-4 lg:grid-cols-2">
              <JsonView label="Data" value={entry.data} />
              <JsonView label="Metadata" value={entry.metadata} />
            </div>
            {trackingId && (
              <Link
                to={paths.adminTimeTravel(trackingId, entry.position)}
                className="mt-3 inline-block text-sm font-semibold text-indigo-700 hover:text-indigo-500"
              >
                Open time travel at this event
              </Link>
            )}
          </td>
        </tr>
      )}
    </>
  );
};
