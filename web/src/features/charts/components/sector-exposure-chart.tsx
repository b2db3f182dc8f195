import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartValue, formatPercent } from '@/lib/format';
import { CHART_COLOURS, ChartFrame } from './chart-frame';
import type { SectorExposure } from './sector-exposure-data';

const percent = chartValue(formatPercent);

/** The ETF's sector weights beside the tracking's (data from sectorExposureData). */
export const SectorExposureChart = ({ exposure, symbol }: { exposure: SectorExposure; symbol: string }) => (
  <ChartFrame
    title="Sector exposure"
    caption={
      exposure.trackingAvailable
        ? `Percent of ${symbol}'s weight and of your target portfolio's money in each sector.`
        : `Percent of ${symbol}'s weight in each sector. Your tracking's own sector split is not shown: the market-data API does not send a sector for each holding yet.`
    }
  >
    <div style={{ height: Math.max(200, exposure.points.length * 30) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={exposure.points} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" unit="%" tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="sector" width={150} tick={{ fontSize: 11 }} />
          <Tooltip formatter={percent} />
          <Legend />
          <Bar dataKey="etf" name={symbol} fill={CHART_COLOURS.etf} isAnimationActive={false} />
          {exposure.trackingAvailable && (
            <Bar
              dataKey="tracking"
              name="Your tracking"
              fill={CHART_COLOURS.target}
              isAnimationActive={false}
            />
          )}
        </BarChart>
      </ResponsiveContainer>
    </div>
  </ChartFrame>
);
