import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTooltipCard, type ChartTooltipProps, tooltipPoint } from '@/components/ui/chart-tooltip';
import { CHART_COLOURS, ChartFrame } from './chart-frame';
import type { CompositionPoint } from './index-composition-data';

const WeightTooltip = (props: ChartTooltipProps<CompositionPoint>) => {
  const point = tooltipPoint(props);
  if (!point) return null;
  return (
    <ChartTooltipCard>
      <p className="font-semibold text-slate-900">{point.name}</p>
      <p className="tabular-nums text-slate-700">{`${point.weightText} of the index`}</p>
    </ChartTooltipCard>
  );
};

const WeightBars = ({ title, points, fill }: { title: string; points: CompositionPoint[]; fill: string }) => (
  <div className="min-w-0">
    <h4 className="text-sm font-medium text-slate-800">{title}</h4>
    <div style={{ height: Math.max(120, points.length * 26) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" unit="%" tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 11 }} interval={0} />
          <Tooltip content={<WeightTooltip />} />
          <Bar dataKey="weight" name="Weight" fill={fill} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  </div>
);

/** What the tracking's index is made of (issue 30): its sectors and its largest holdings, in percent of the index. */
export const IndexCompositionChart = ({
  label,
  sectors,
  holdings,
}: {
  label: string;
  sectors: CompositionPoint[];
  holdings: CompositionPoint[];
}) => (
  <ChartFrame
    title="Index composition"
    caption={`Percent of ${label}'s weight in each sector and in its ${holdings.length} largest holdings.`}
  >
    <div className="grid gap-4 lg:grid-cols-2">
      {sectors.length > 0 && <WeightBars title="Sectors" points={sectors} fill={CHART_COLOURS.etf} />}
      <WeightBars title="Largest holdings" points={holdings} fill={CHART_COLOURS.target} />
    </div>
  </ChartFrame>
);
