import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import type { ReplayEvent } from '../api/get-tracking-replay';

type Props = { events: readonly ReplayEvent[]; index: number; onChange: (index: number) => void };

const stepText = (events: readonly ReplayEvent[], index: number) => {
  const event = events[index];
  return event
    ? `Event ${index + 1} of ${events.length}: ${event.eventType}, ${formatDateTime(event.recordedAt)}`
    : '';
};

/**
 * A slider over the tracking's events. It is a native range input, so arrows, Page Up/Down, Home and End work;
 * Previous and Next step one event.
 */
export const HistorySlider = ({ events, index, onChange }: Props) => {
  const id = useId();
  const last = events.length - 1;
  return (
    <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Position in history
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={Math.max(last, 0)}
        step={1}
        value={index}
        aria-valuetext={stepText(events, index)}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 w-full accent-indigo-600"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3 text-sm max-sm:[&>output]:order-first max-sm:[&>output]:w-full">
        <Button variant="secondary" onClick={() => onChange(index - 1)} disabled={index <= 0}>
          Previous event
        </Button>
        <output htmlFor={id} className="text-center text-slate-700" aria-live="polite">
          {stepText(events, index)}
        </output>
        <Button variant="secondary" onClick={() => onChange(index + 1)} disabled={index >= last}>
          Next event
        </Button>
      </div>
    </div>
  );
};
