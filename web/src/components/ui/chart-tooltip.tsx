import type { ReactNode } from 'react';

/** What recharts hands a custom tooltip: whether it shows, and the data point under the pointer. */
export type ChartTooltipProps<Point> = {
  active?: boolean;
  payload?: readonly { payload?: Point }[];
};

/** The point a tooltip describes, or undefined while it is hidden. */
export const tooltipPoint = <Point,>({ active, payload }: ChartTooltipProps<Point>): Point | undefined =>
  active ? payload?.[0]?.payload : undefined;

/** The card every chart's tooltip is drawn in. */
export const ChartTooltipCard = ({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) => (
  <div
    className={`rounded-md bg-white px-3 py-2 text-xs shadow-md ring-1 ring-slate-200 ${className}`.trim()}
  >
    {children}
  </div>
);
