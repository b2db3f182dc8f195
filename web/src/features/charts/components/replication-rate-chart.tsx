import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartTooltipCard, type ChartTooltipProps, tooltipPoint } from '@/components/ui/chart-tooltip';
import { chartValue, formatDate, formatDateTime, formatPercent } from '@/lib/format';
import { CHART_COLOURS, ChartFrame } from './chart-frame';
import { type AlertMark, rateChartDomain, type SnapshotMark } from './rate-chart-marks';
import type { RatePoint } from './rate-chart-points';

const percent = chartValue(formatPercent);
const SNAPSHOT_COLOUR = '#0ea5e9';
const ALERT_COLOUR = '#e11d48';
const DAY = 86_400_000;

const snapshotText = (mark: SnapshotMark) =>
  `New prices: ${mark.provider === 'fmp' ? 'FMP' : 'bundled'} snapshot${mark.asOf ? ` (holdings of ${formatDate(mark.asOf)})` : ''}, ${formatDateTime(mark.publishedAt)}`;

const alertText = (mark: AlertMark) =>
  `Drift alert, ${formatDateTime(mark.raisedAt)}: ${
    mark.referenceRate === null ? '' : `${formatPercent(mark.referenceRate)} → `
  }${formatPercent(mark.currentRate)}`;

/** The point under the pointer: when, what happened, both rates. */
const PointTooltip = (props: ChartTooltipProps<RatePoint>) => {
  const point = tooltipPoint(props);
  if (!point) return null;
  return (
    <ChartTooltipCard className="max-w-64">
      <p className="font-semibold text-slate-900">{`${point.event}, ${formatDateTime(point.time)}`}</p>
      {point.etfRate !== null && (
        <p className="text-slate-700">{`Share of the ETF held ${percent(point.etfRate)}`}</p>
      )}
      <p className="text-slate-700">{`Replication rate ${percent(point.rate)}`}</p>
    </ChartTooltipCard>
  );
};

const LegendSwatch = ({ colour, kind }: { colour: string; kind: 'line' | 'dashed' | 'dot' }) =>
  kind === 'line' ? (
    <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ background: colour }} />
  ) : kind === 'dashed' ? (
    <span
      aria-hidden="true"
      className="inline-block h-3 border-l-2 border-dashed"
      style={{ borderColor: colour }}
    />
  ) : (
    <span aria-hidden="true" className="inline-block size-2.5 rounded-full" style={{ background: colour }} />
  );

/**
 * The share of the ETF held and the replication rate after each recorded action, on a date axis (issue 32),
 * measured as the dashboard measures; the ETF's new snapshots (dashed lines: new prices) and the tracking's drift
 * alerts (dots at the rate they measured) at their own time, also listed under the chart for keyboards and screen
 * readers.
 */
export const ReplicationRateChart = ({
  points,
  snapshots = [],
  alerts = [],
}: {
  points: readonly RatePoint[];
  snapshots?: readonly SnapshotMark[];
  alerts?: readonly AlertMark[];
}) => {
  const domain = rateChartDomain(points, { snapshots, alerts });
  const tick = (time: number) => (domain[1] - domain[0] > 2 * DAY ? formatDate(time) : formatDateTime(time));
  const hasEtfRate = points.some((point) => point.etfRate !== null);
  return (
    <ChartFrame
      title="Replication rate over time"
      caption="After each action in the history, measured with today's prices and ETF weights, as on the dashboard. Dashed lines: a new ETF snapshot (new prices); red dots: a drift alert at the rate it measured."
    >
      <div className="h-56">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={[...points]} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="time"
              type="number"
              scale="time"
              domain={domain}
              tickFormatter={tick}
              tick={{ fontSize: 11 }}
              tickCount={4}
              minTickGap={24}
            />
            <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} width={48} />
            <Tooltip content={<PointTooltip />} />
            {snapshots.map((mark) => (
              <ReferenceLine
                key={`snapshot-${mark.publishedAt}`}
                x={mark.time}
                stroke={SNAPSHOT_COLOUR}
                strokeDasharray="4 3"
                ifOverflow="extendDomain"
              />
            ))}
            {hasEtfRate && (
              <Line
                isAnimationActive={false}
                type="stepAfter"
                dataKey="etfRate"
                name="Share of the ETF held"
                stroke={CHART_COLOURS.target}
                strokeWidth={2}
                dot={false}
              />
            )}
            <Line
              isAnimationActive={false}
              type="stepAfter"
              dataKey="rate"
              name="Replication rate"
              stroke={CHART_COLOURS.rate}
              strokeWidth={2}
              dot={false}
            />
            {alerts.map((mark) => (
              <ReferenceDot
                key={`alert-${mark.raisedAt}`}
                x={mark.time}
                y={mark.rate}
                r={6}
                fill={ALERT_COLOUR}
                stroke="white"
                strokeWidth={2}
                ifOverflow="extendDomain"
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
        {hasEtfRate && (
          <li className="flex items-center gap-1.5">
            <LegendSwatch colour={CHART_COLOURS.target} kind="line" /> Share of the ETF held
          </li>
        )}
        <li className="flex items-center gap-1.5">
          <LegendSwatch colour={CHART_COLOURS.rate} kind="line" /> Replication rate
        </li>
        <li className="flex items-center gap-1.5">
          <LegendSwatch colour={SNAPSHOT_COLOUR} kind="dashed" /> New ETF snapshot ({snapshots.length})
        </li>
        <li className="flex items-center gap-1.5">
          <LegendSwatch colour={ALERT_COLOUR} kind="dot" /> Drift alert ({alerts.length})
        </li>
      </ul>
      {snapshots.length + alerts.length > 0 && (
        <details className="mt-2 text-xs text-slate-600">
          <summary className="cursor-pointer font-medium text-slate-700">Snapshots and alerts</summary>
          <ul className="mt-1 space-y-0.5">
            {[
              ...snapshots.map((mark) => ({ at: mark.publishedAt, text: snapshotText(mark) })),
              ...alerts.map((mark) => ({ at: mark.raisedAt, text: alertText(mark) })),
            ]
              .sort((a, b) => a.at.localeCompare(b.at))
              .map((row) => (
                <li key={`${row.at}-${row.text}`}>{row.text}</li>
              ))}
          </ul>
        </details>
      )}
    </ChartFrame>
  );
};
