import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartValue, formatPercent } from '@/lib/format';
import { CHART_COLOURS, ChartFrame } from './chart-frame';
import type { WeightPoint } from './portfolio-chart-data';

const percent = chartValue(formatPercent);

type Props = { title: string; caption: string; data: readonly WeightPoint[]; nameWidth: number };

/**
 * Held vs target weight per row (holdings or sectors), horizontal bars so long names fit a phone. A visually hidden
 * table carries the same figures as text for screen readers.
 */
export const PortfolioWeightsChart = ({ title, caption, data, nameWidth }: Props) => (
  <ChartFrame title={title} caption={caption}>
    <div aria-hidden="true" style={{ height: Math.max(160, data.length * 34 + 60) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...data]} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" unit="%" tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={nameWidth} tick={{ fontSize: 11 }} interval={0} />
          <Tooltip formatter={percent} />
          <Legend />
          <Bar dataKey="held" name="Held" fill={CHART_COLOURS.current} isAnimationActive={false} />
          <Bar dataKey="target" name="Target" fill={CHART_COLOURS.target} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
    <table className="sr-only">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Held</th>
          <th scope="col">Target</th>
        </tr>
      </thead>
      <tbody>
        {data.map((point) => (
          <tr key={point.name}>
            <th scope="row">{point.name}</th>
            <td>{formatPercent(point.held)}</td>
            <td>{formatPercent(point.target)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </ChartFrame>
);
