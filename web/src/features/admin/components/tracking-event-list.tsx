import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import type { ReplayEvent } from '../api/get-tracking-replay';
import { describeEvent } from '../utils/describe-event';

type Props = { events: readonly ReplayEvent[]; index: number; onSelect: (index: number) => void };

/** The tracking's events, oldest first; the one the view stands at is marked as the current step. */
export const TrackingEventList = ({ events, index, onSelect }: Props) => (
  <ol
    aria-label="Tracking events"
    className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200"
  >
    {events.map((event, i) => (
      <li key={event.eventId}>
        <button
          type="button"
          aria-current={i === index ? 'step' : undefined}
          onClick={() => onSelect(i)}
          className={cn(
            'grid w-full grid-cols-[2rem_1fr] gap-x-2 px-3 py-2 text-left text-sm hover:bg-slate-50',
            'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
            i === index && 'bg-indigo-50 font-medium',
            i > index && 'text-slate-400',
          )}
        >
          <span className="tabular-nums">{i + 1}.</span>
          <span>
            <span className="block">{describeEvent(event.eventType, event.data)}</span>
            <span className="block text-xs text-slate-500">
              {event.eventType} · {formatDateTime(event.recordedAt)} · {event.position}
            </span>
          </span>
        </button>
      </li>
    ))}
  </ol>
);
