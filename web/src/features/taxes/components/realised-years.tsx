import { formatMoney, formatSignedMoney } from '@/lib/format';
import type { RealizedYear } from '../api/get-realized-gains';
import { gainClasses } from './section-card';

const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

/** One year's realised short-term, long-term and total gain, and the losses harvests realised in it. */
export const YearSummary = ({ summary }: { summary: RealizedYear }) => (
  <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
    {(
      [
        ['Short term', formatSignedMoney(summary.shortTerm), gainClasses(summary.shortTerm)],
        ['Long term', formatSignedMoney(summary.longTerm), gainClasses(summary.longTerm)],
        ['Total', formatSignedMoney(summary.total), gainClasses(summary.total)],
        ['Harvested losses', formatMoney(summary.harvestedLoss), 'text-slate-900'],
        ['Disallowed (W)', formatMoney(summary.adjustment), 'text-slate-900'],
      ] as const
    ).map(([term, value, tone]) => (
      <div key={term} className="rounded-lg bg-slate-50 p-3">
        <dt className="text-xs text-slate-500">{`${term} ${summary.year}`}</dt>
        <dd className={`font-semibold tabular-nums ${tone}`}>{value}</dd>
      </div>
    ))}
  </dl>
);

/** Every year with sales, newest first. */
export const YearsTable = ({ years }: { years: readonly RealizedYear[] }) => (
  <div className="overflow-x-auto">
    <table className="w-full max-w-xl text-sm">
      <caption className="text-left text-sm font-medium text-slate-900">Every year</caption>
      <thead className="text-xs text-slate-500 uppercase">
        <tr>
          <th scope="col" className="px-3 py-2 text-left">
            Year
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Short term
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Long term
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {years.map((row) => (
          <tr key={row.year}>
            <th scope="row" className="px-3 py-2 text-left">
              {row.year}
            </th>
            <td className={`${cell} ${gainClasses(row.shortTerm)}`}>{formatSignedMoney(row.shortTerm)}</td>
            <td className={`${cell} ${gainClasses(row.longTerm)}`}>{formatSignedMoney(row.longTerm)}</td>
            <td className={`${cell} ${gainClasses(row.total)}`}>{formatSignedMoney(row.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
