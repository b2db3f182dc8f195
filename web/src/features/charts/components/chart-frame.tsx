import { type ReactNode, useId } from 'react';

type Props = { title: string; caption: string; children: ReactNode };

/** A chart as a figure: heading, the chart, and a caption that says what the numbers are. */
export const ChartFrame = ({ title, caption, children }: Props) => {
  const id = useId();
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
      <figcaption className="mt-2 text-xs text-slate-500">{caption}</figcaption>
    </figure>
  );
};

export const CHART_COLOURS = {
  current: '#94a3b8',
  target: '#4f46e5',
  etf: '#0ea5e9',
  rate: '#16a34a',
} as const;
