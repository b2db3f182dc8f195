import { Area, AreaChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartValue, formatDate, formatMoney, formatMoneyCompact } from '@/lib/format';
import { CHART_COLOURS, ChartFrame } from './chart-frame';
import type { PricePoint } from './price-history-data';

const Note = ({ children, busy = false }: { children: string; busy?: boolean }) => (
  <p
    role={busy ? 'status' : undefined}
    aria-busy={busy || undefined}
    className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600 ring-1 ring-slate-200"
  >
    {children}
  </p>
);

type Props = { symbol: string } & (
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; points: readonly PricePoint[] }
);

/**
 * The ETF's price history as a mini chart, when the market data has one. While it loads the chart says so; without
 * history (or when it could not be loaded) the chart is hidden and a note says why: no made-up prices.
 */
export const PriceHistoryChart = (props: Props) => {
  const { symbol } = props;
  if (props.state === 'loading') return <Note busy>{`Loading the ${symbol} price history…`}</Note>;
  if (props.state === 'failed')
    return <Note>{`The ${symbol} price history could not be loaded. Reload the page to try again.`}</Note>;
  const { points } = props;
  if (points.length < 2) {
    return <Note>{`No price chart for ${symbol}: the market data has no price history for it.`}</Note>;
  }
  return (
    <ChartFrame
      title={`${symbol} price`}
      caption="Daily closing prices from the market-data snapshot, in USD."
    >
      <div className="h-40">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={[...points]} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <XAxis
              dataKey="date"
              tick={{ fontSize: 10 }}
              minTickGap={40}
              tickFormatter={chartValue(formatDate)}
            />
            <YAxis
              domain={['auto', 'auto']}
              tick={{ fontSize: 10 }}
              width={48}
              tickFormatter={formatMoneyCompact}
            />
            <Tooltip formatter={chartValue(formatMoney)} labelFormatter={chartValue(formatDate)} />
            <Area
              isAnimationActive={false}
              type="monotone"
              dataKey="close"
              name="Close"
              stroke={CHART_COLOURS.etf}
              fill={CHART_COLOURS.etf}
              fillOpacity={0.15}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </ChartFrame>
  );
};
