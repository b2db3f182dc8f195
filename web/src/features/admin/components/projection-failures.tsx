import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { type ParkedEvent, useParkedEvents, useRetryParkedEvent } from '../api/projection-failures';
import { ParkedRecomputes } from './parked-recomputes';

const retryMessage = (result: { applied: number; remaining: number; error: string | null }) =>
  result.error === null
    ? `Applied ${result.applied} parked ${result.applied === 1 ? 'event' : 'events'}; the read model follows the log again.`
    : `Still failing: ${result.error}${result.applied > 0 ? ` (${result.applied} applied before it)` : ''}`;

/**
 * /admin/projection-failures: the events the projection runner parked — a read model failed on them repeatedly and
 * moved on without them (later events of the same stream wait behind them). Retry after the fix is deployed.
 */
export const ProjectionFailures = () => {
  const parked = useParkedEvents();
  const retry = useRetryParkedEvent();
  const onRetry = (event: ParkedEvent) =>
    retry.mutate(event, {
      onSuccess: (result) => (result.error === null ? toast.success : toast.error)(retryMessage(result)),
      onError: (error) => toast.error(error.message || 'The retry could not be started.'),
    });
  return (
    <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="parked-heading">
      <PageTitle title="Parked events" />
      <h1 id="parked-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Parked events
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        A read model that fails on an event several times parks it and keeps going, so one bad event never
        stops it for everybody. While any event is parked, /api/health answers 503. Fix the cause, then retry:
        the event and the events of its stream held behind it are applied again, in order.
      </p>
      <div className="mt-6">
        {parked.isPending ? (
          <Spinner label="Loading parked events…" />
        ) : parked.isError ? (
          <p role="alert" className="text-red-700">
            The parked events could not be loaded.
          </p>
        ) : parked.data.events.length === 0 ? (
          <p className="rounded-lg bg-white p-5 text-slate-700 ring-1 ring-slate-200">
            No parked events: every read model follows the log.
          </p>
        ) : (
          <ul
            aria-label="Parked events"
            className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200"
          >
            {parked.data.events.map((event) => (
              <li
                key={`${event.projector}/${event.eventId}`}
                className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[1fr_auto]"
              >
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">{event.eventType}</span>
                    <span className="text-slate-500">in</span>
                    <span className="font-medium text-slate-800">{event.projector}</span>
                    {event.held ? <Badge tone="amber">Held</Badge> : <Badge tone="red">Failed</Badge>}
                  </p>
                  <p className="break-words text-slate-700">{event.error}</p>
                  <p className="break-all font-mono text-xs text-slate-500">
                    {`${event.streamId} · event ${event.eventId} · position ${event.position}`}
                  </p>
                  <p className="text-xs text-slate-500">
                    {`First seen ${formatDateTime(event.firstSeen)} · last seen ${formatDateTime(event.lastSeen)} · ${event.attempts} ${event.attempts === 1 ? 'try' : 'tries'}`}
                  </p>
                </div>
                {!event.held && (
                  <div className="sm:self-center">
                    <Button
                      variant="secondary"
                      disabled={retry.isPending}
                      onClick={() => onRetry(event)}
                      aria-label={`Retry ${event.eventType} in ${event.projector}`}
                    >
                      Retry
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {parked.data && <ParkedRecomputes recomputes={parked.data.recomputes} />}
    </section>
  );
};
