import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartValue, formatMoney, formatMoneyCompact } from '@/lib/format';
import type { AllocationPoint } from './allocation-chart-data';
import { CHART_COLOURS, ChartFrame } from './chart-frame';

/** Current versus target value per holding (data from allocationChartData). */
export const AllocationChart = ({ data }: { data: readonly AllocationPoint[] }) => (
  <ChartFrame
    title="Current vs target allocation"
    caption="Value of each holding now and in the target, in USD."
  >
    <div className="h-72">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...data]} margin={{ top: 4, right: 8, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="symbol"
            tick={{ fontSize: 11 }}
            interval={0}
            angle={-30}
            textAnchor="end"
            height={48}
          />
          <YAxis tickFormatter={formatMoneyCompact} tick={{ fontSize: 11 }} width={56} />
          <Tooltip formatter={chartValue(formatMoney)} />
          <Legend />
          <Bar dataKey="current" name="Current" fill={CHART_COLOURS.current} isAnimationActive={false} />
          <Bar dataKey="target" name="Target" fill={CHART_COLOURS.target} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  </ChartFrame>
);
