import { formatPercent as percent } from '@/lib/format';
import type { DemoAnalysis } from '../api/get-demo-analysis';

const listClasses = 'mt-3 divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200';

/** The top 3 holdings and top 3 sectors of the analysed ETF; says so plainly when there is no sector data. */
export const DemoResult = ({ analysis }: { analysis: DemoAnalysis }) => (
  <div className="rounded-2xl bg-slate-50 p-5 sm:p-6">
    <h3 className="text-lg font-semibold text-slate-900">
      {analysis.symbol} <span className="font-normal text-slate-600">· {analysis.name}</span>
    </h3>
    <div className="mt-5 grid gap-6 md:grid-cols-2">
      <div>
        <h4 className="text-sm font-semibold text-slate-700">Top 3 holdings</h4>
        <ol aria-label={`Top holdings of ${analysis.symbol}`} className={listClasses}>
          {analysis.holdings.map((holding) => (
            <li key={holding.symbol} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
              <span className="min-w-0">
                <span className="font-mono font-semibold text-slate-900">{holding.symbol}</span>
                <span className="block truncate text-slate-600">{holding.name}</span>
              </span>
              <span className="font-semibold text-slate-900">{percent(holding.weightPercent)}</span>
            </li>
          ))}
        </ol>
      </div>
      <div>
        <h4 className="text-sm font-semibold text-slate-700">Top 3 sectors</h4>
        {analysis.sectors.length === 0 ? (
          <p className="mt-3 rounded-lg bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200">
            No sector breakdown is available for {analysis.symbol} in our data yet.
          </p>
        ) : (
          <ol aria-label={`Top sectors of ${analysis.symbol}`} className={listClasses}>
            {analysis.sectors.map((sector) => (
              <li key={sector.industry} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <span className="text-slate-900">{sector.industry}</span>
                <span className="font-semibold text-slate-900">{percent(sector.exposurePercent)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  </div>
);
