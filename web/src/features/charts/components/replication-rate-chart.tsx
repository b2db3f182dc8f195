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
import { chartValue, formatDate, formatDateTime, formatPercent } from '@/lib/format';
import { CHART_COLOURS, ChartFrame } from './chart-frame';
import type { AlertMark, SnapshotMark } from './rate-chart-marks';
import type { RatePoint } from './rate-chart-points';

const percent = chartValue(formatPercent);
const SNAPSHOT_COLOUR = '#0ea5e9';
const ALERT_COLOUR = '#e11d48';

const actionLabel = (label: string) => (label === 'Start' ? 'Start' : `After action ${label}`);

const snapshotText = (mark: SnapshotMark) =>
  `New ${mark.provider === 'fmp' ? 'FMP' : 'bundled'} snapshot${mark.asOf ? ` (holdings of ${formatDate(mark.asOf)})` : ''}, ${formatDateTime(mark.publishedAt)}`;

const alertText = (mark: AlertMark) =>
  `Drift alert, ${formatDateTime(mark.raisedAt)}: ${
    mark.referenceRate === null ? '' : `${formatPercent(mark.referenceRate)} → `
  }${formatPercent(mark.currentRate)}`;

/** The marks under a point, for the tooltip: which snapshots and alerts followed that action. */
const MarksTooltip = ({
  active,
  label,
  payload,
  snapshots,
  alerts,
}: {
  active?: boolean;
  label?: string | number;
  payload?: readonly { value?: unknown }[];
  snapshots: readonly SnapshotMark[];
  alerts: readonly AlertMark[];
}) => {
  if (!active || label === undefined) return null;
  const key = String(label);
  const rate = payload?.[0]?.value;
  const here = [
    ...snapshots.filter((mark) => mark.label === key).map(snapshotText),
    ...alerts.filter((mark) => mark.label === key).map(alertText),
  ];
  return (
    <div className="max-w-64 rounded-md bg-white px-3 py-2 text-xs shadow-md ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">{actionLabel(key)}</p>
      {typeof rate === 'number' && <p className="text-slate-700">Replication rate {formatPercent(rate)}</p>}
      {here.map((text) => (
        <p key={text} className="mt-1 text-slate-600">
          {text}
        </p>
      ))}
    </div>
  );
};

const LegendSwatch = ({ kind }: { kind: 'rate' | 'snapshot' | 'alert' }) =>
  kind === 'rate' ? (
    <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ background: CHART_COLOURS.rate }} />
  ) : kind === 'snapshot' ? (
    <span
      aria-hidden="true"
      className="inline-block h-3 border-l-2 border-dashed"
      style={{ borderColor: SNAPSHOT_COLOUR }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="inline-block size-2.5 rounded-full"
      style={{ background: ALERT_COLOUR }}
    />
  );

/**
 * Replication rate after each recorded action (GET /api/trackings/{id}/rate-history, via rateChartPoints), with the
 * ETF's new snapshots (dashed lines) and the tracking's drift alerts (dots at the rate they measured) on the action
 * they followed; the same marks are listed under the chart for keyboards and screen readers.
 */
export const ReplicationRateChart = ({
  points,
  snapshots = [],
  alerts = [],
}: {
  points: readonly RatePoint[];
  snapshots?: readonly SnapshotMark[];
  alerts?: readonly AlertMark[];
}) => (
  <ChartFrame
    title="Replication rate over time"
    caption="The rate after each action in the history, measured with today's prices and ETF weights. Dashed lines: a new ETF snapshot; red dots: a drift alert at the rate it measured."
  >
    <div className="h-56">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={[...points]} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} width={48} />
          <Tooltip formatter={percent} content={<MarksTooltip snapshots={snapshots} alerts={alerts} />} />
          {snapshots.map((mark) => (
            <ReferenceLine
              key={`snapshot-${mark.publishedAt}`}
              x={mark.label}
              stroke={SNAPSHOT_COLOUR}
              strokeDasharray="4 3"
              ifOverflow="extendDomain"
            />
          ))}
          <Line
            isAnimationActive={false}
            type="stepAfter"
            dataKey="rate"
            name="Replication rate"
            stroke={CHART_COLOURS.rate}
            strokeWidth={2}
            dot
          />
          {alerts.map((mark) => (
            <ReferenceDot
              key={`alert-${mark.raisedAt}`}
              x={mark.label}
              y={mark.rate}
              r={6}
              fill={ALERT_COLOUR}
              stroke="white"
              strokeWidth={2}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
      <li className="flex items-center gap-1.5">
        <LegendSwatch kind="rate" /> Replication rate
      </li>
      <li className="flex items-center gap-1.5">
        <LegendSwatch kind="snapshot" /> New ETF snapshot ({snapshots.length})
      </li>
      <li className="flex items-center gap-1.5">
        <LegendSwatch kind="alert" /> Drift alert ({alerts.length})
      </li>
    </ul>
    {snapshots.length + alerts.length > 0 && (
      <details className="mt-2 text-xs text-slate-600">
        <summary className="cursor-pointer font-medium text-slate-700">Snapshots and alerts</summary>
        <ul className="mt-1 space-y-0.5">
          {[
            ...snapshots.map((mark) => ({
              at: mark.publishedAt,
              text: `${actionLabel(mark.label)}: ${snapshotText(mark)}`,
            })),
            ...alerts.map((mark) => ({
              at: mark.raisedAt,
              text: `${actionLabel(mark.label)}: ${alertText(mark)}`,
            })),
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
