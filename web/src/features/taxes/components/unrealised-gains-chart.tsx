import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoneyCompact, formatSignedMoney } from '@/lib/format';
import type { GainPoint, UnrealisedChartData } from '../utils/unrealised-chart-data';

const GAIN = '#15803d';
const LOSS = '#b91c1c';

type Row = GainPoint & { label: string };

const ChartTooltip = ({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: Row }>;
}) => {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <div className="rounded-md bg-white px-3 py-2 text-sm shadow ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">{row.symbol}</p>
      <p>{`${row.kind === 'loss' ? 'Unrealised loss' : 'Unrealised gain'}: ${formatSignedMoney(row.gainText)}`}</p>
    </div>
  );
};

/**
 * Unrealised gain or loss per holding as horizontal bars: gains solid to the right of zero, losses hatched to the
 * left, each labelled with its signed amount, so colour is never the only cue.
 */
export const UnrealisedGainsChart = ({ data }: { data: UnrealisedChartData }) => {
  const id = useId().replace(/:/g, '');
  const rows: Row[] = data.points.map((point) => ({
    ...point,
    label: `${point.symbol} ${formatSignedMoney(point.gainText)}`,
  }));
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Unrealised gain / loss by holding
      </h3>
      <div className="mt-3" style={{ height: Math.max(160, rows.length * 28 + 60) }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }}>
            <defs>
              <pattern
                id={`${id}-hatch`}
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width="6" height="6" fill={LOSS} opacity="0.35" />
                <line x1="0" y1="0" x2="0" y2="6" stroke={LOSS} strokeWidth="3" />
              </pattern>
            </defs>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={formatMoneyCompact} tick={{ fontSize: 11 }} />
            <YAxis type="category" dataKey="label" width={128} tick={{ fontSize: 11 }} interval={0} />
            <ReferenceLine x={0} stroke="#475569" />
            <Tooltip content={<ChartTooltip />} />
            <Legend />
            <Bar
              dataKey="gainBar"
              name="Gain (solid, right of 0)"
              stackId="gain"
              fill={GAIN}
              isAnimationActive={false}
            />
            <Bar
              dataKey="lossBar"
              name="Loss (hatched, left of 0)"
              stackId="gain"
              fill={`url(#${id}-hatch)`}
              stroke={LOSS}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-xs text-slate-500">
        {data.limited
          ? `The largest gains and losses of ${data.total} holdings at the latest snapshot price, in USD.`
          : 'Each holding at the latest snapshot price against its cost basis, in USD.'}
      </figcaption>
    </figure>
  );
};
