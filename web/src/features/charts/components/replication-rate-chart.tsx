import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartValue, formatPercent } from '@/lib/format';
import { CHART_COLOURS, ChartFrame } from './chart-frame';
import type { RatePoint } from './rate-chart-points';

const percent = chartValue(formatPercent);

/** Replication rate after each recorded action (GET /api/trackings/{id}/rate-history, via rateChartPoints). */
export const ReplicationRateChart = ({ points }: { points: readonly RatePoint[] }) => (
  <ChartFrame
    title="Replication rate over time"
    caption="The rate after each action in the history, measured with today's prices and ETF weights."
  >
    <div className="h-56">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={[...points]} margin={{ top: 4, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} width={48} />
          <Tooltip
            formatter={percent}
            labelFormatter={(label) => (label === 'Start' ? 'Start' : `After action ${label}`)}
          />
          <Line
            isAnimationActive={false}
            type="stepAfter"
            dataKey="rate"
            name="Replication rate"
            stroke={CHART_COLOURS.rate}
            strokeWidth={2}
            dot
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  </ChartFrame>
);
