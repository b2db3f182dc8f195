import { useId } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartTooltipCard, type ChartTooltipProps, tooltipPoint } from '@/components/ui/chart-tooltip';
import { chartValue, formatMoney, formatMoneyCompact, formatPercent, formatSignedMoney } from '@/lib/format';
import type { TradeoffChartData, TradeoffChartPoint } from '../utils/tradeoff-chart-data';

const LINE = '#4f46e5';
const MARK = '#b45309';
const percent = chartValue(formatPercent);

const PointTooltip = (props: ChartTooltipProps<TradeoffChartPoint>) => {
  const point = tooltipPoint(props);
  if (!point) return null;
  return (
    <ChartTooltipCard>
      <p className="font-semibold text-slate-900">{`Budget ${formatMoney(point.budgetText)}`}</p>
      <p className="text-slate-700">{`Best rate ${formatPercent(point.rateText)}`}</p>
      <p className="text-slate-700">{`The orders realise ${formatSignedMoney(point.gainText)}`}</p>
    </ChartTooltipCard>
  );
};

/** The best replication rate at each gains budget (issue 31), the tracking's budget marked by a dashed line. */
export const TradeoffChart = ({ data }: { data: TradeoffChartData }) => {
  const id = useId().replace(/:/g, '');
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        What each dollar of gains buys
      </h3>
      <div className="mt-3 h-56">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data.points} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="budget"
              domain={[0, 'dataMax']}
              tickFormatter={formatMoneyCompact}
              tick={{ fontSize: 11 }}
            />
            <YAxis domain={['auto', 100]} tickFormatter={percent} tick={{ fontSize: 11 }} width={64} />
            <Tooltip content={<PointTooltip />} />
            <Line
              type="stepAfter"
              dataKey="rate"
              name="Best rate"
              stroke={LINE}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
            {data.current !== null && (
              <ReferenceLine x={data.current} stroke={MARK} strokeDasharray="5 4" strokeWidth={2} />
            )}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-0.5 w-4 align-middle"
            style={{ background: LINE }}
          />
          Best replication rate for a budget of net gains this year
        </span>
        {data.current !== null && (
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block h-3 border-l-2 border-dashed align-middle"
              style={{ borderColor: MARK }}
            />
            Your budget
          </span>
        )}
        {data.enough && (
          <span>{`From ${formatMoney(data.enough.budgetText)}: ${formatPercent(data.enough.rateText)}`}</span>
        )}
      </figcaption>
    </figure>
  );
};
