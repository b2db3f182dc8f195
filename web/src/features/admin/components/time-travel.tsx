import { useParams, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useTrackingReplay } from '../api/get-tracking-replay';
import { filtersToSearch } from '../utils/audit-filters';
import { HistorySlider } from './history-slider';
import { ReplayStateView } from './replay-state-view';
import { TrackingEventList } from './tracking-event-list';

/**
 * Time travel over one tracking (support): its events and a slider; every stop is recomputed on the server by
 * replaying the log up to that event. The position lives in the URL (?until=), so a moment can be shared.
 */
export const TimeTravel = () => {
  const { trackingId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const until = params.get('until');
  const replay = useTrackingReplay(trackingId, until);

  if (replay.isPending) return <Spinner label="Replaying the tracking…" />;
  if (replay.isError) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-10">
        <p role="alert" className="text-red-700">
          {isApiError(replay.error, 404) || isApiError(replay.error, 400)
            ? replay.error.message
            : 'Failed to replay this tracking.'}
        </p>
        <TextLink to={paths.adminTrackings}>Back to the trackings</TextLink>
      </section>
    );
  }
  const { events, state, symbol, ownerEmail, userId } = replay.data;
  const found = until ? events.findIndex((event) => event.position === until) : events.length - 1;
  const index = found >= 0 ? found : events.findLastIndex((event) => event.eventId === state?.eventId);
  const goTo = (next: number) => {
    const event = events[Math.min(Math.max(next, 0), events.length - 1)];
    if (event) setParams({ until: event.position }, { replace: true });
  };
  const ownerAudit = `${paths.adminAudit}?${filtersToSearch({ user: userId, category: 'tracking', eventType: '', from: '', to: '' })}`;

  return (
    <section className="px-4 py-10" aria-labelledby="time-travel-heading">
      <PageTitle title={`Time travel · ${symbol}`} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="time-travel-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Time travel: {symbol} tracking
        </h1>
        <Badge tone="slate">Read-only</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Owner {ownerEmail ?? userId} · <span className="font-mono text-xs">{trackingId}</span> ·{' '}
        <TextLink to={ownerAudit}>their tracking events in the audit log</TextLink> ·{' '}
        <TextLink to={paths.adminTrackings}>other trackings</TextLink>
      </p>
      <div className="mt-6" aria-busy={replay.isFetching}>
        <HistorySlider events={events} index={Math.max(index, 0)} onChange={goTo} />
      </div>
      <div className="mt-6 grid gap-6 xl:grid-cols-[22rem_1fr]">
        <div>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">Events</h2>
          <TrackingEventList events={events} index={index} onSelect={goTo} />
        </div>
        <div className={replay.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          {state ? (
            <ReplayStateView state={state} />
          ) : (
            <p className="text-slate-600">The tracking did not exist yet at this position.</p>
          )}
        </div>
      </div>
    </section>
  );
};
