import { dec } from '@etf-replicator/core/shared/decimal';
import { SectionCard } from '@/components/ui/section-card';
import { formatMoney, formatSignedMoney } from '@/lib/format';
import type { PortfolioResponse } from '../api/get-portfolio';

/** Colour plus sign: a gain reads "+$12.00", a loss "-$12.00", whatever the colour shows. */
const tone = (gain: string): string =>
  dec(gain).isZero() ? 'text-slate-700' : gain.startsWith('-') ? 'text-red-700' : 'text-green-700';
/** Below 640 px each year is a card: the header row is hidden and every value carries its column name. */
const cell =
  'px-3 py-2 text-right tabular-nums whitespace-nowrap max-sm:block max-sm:p-0 max-sm:text-left ' +
  'max-sm:before:block max-sm:before:text-xs max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';

/** Issue 29 item 3: the account's unrealised gains by term and its realised gains per tax year. */
export const GainsSection = ({ gains }: { gains: PortfolioResponse['gains'] }) => {
  const { unrealised } = gains;
  return (
    <SectionCard title="Gains" intro="Across all your trackings, from the tax lots of each.">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Unrealised</h3>
        <dl className="mt-2 grid grid-cols-1 gap-3 text-sm min-[420px]:grid-cols-3">
          {(
            [
              ['Short term', unrealised.shortTerm],
              ['Long term', unrealised.longTerm],
              ['Total', unrealised.total],
            ] as const
          ).map(([term, value]) => (
            <div key={term} className="min-w-0 rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{term}</dt>
              <dd className={`font-semibold break-words tabular-nums ${tone(value)}`}>
                {formatSignedMoney(value)}
              </dd>
            </div>
          ))}
        </dl>
        {unrealised.unknownLots > 0 && (
          <p className="mt-2 text-xs text-slate-600">
            {`${unrealised.unknownLots} ${unrealised.unknownLots === 1 ? 'lot has' : 'lots have'} no known cost or date and ${unrealised.unknownLots === 1 ? 'is' : 'are'} left out.`}
          </p>
        )}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full max-w-2xl text-sm max-sm:block">
          <caption className="text-left text-sm font-semibold text-slate-900 max-sm:block">
            Realised per tax year
          </caption>
          <thead className="text-xs text-slate-500 uppercase max-sm:hidden">
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
              <th scope="col" className="px-3 py-2 text-right">
                Wash sales
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-sm:block">
            {gains.realised.map((year) => (
              <tr
                key={year.year}
                className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:py-3"
              >
                <th scope="row" className="px-3 py-2 text-left max-sm:col-span-2 max-sm:p-0">
                  {year.year}
                </th>
                <td data-label="Short term" className={`${cell} ${tone(year.shortTerm)}`}>
                  {formatSignedMoney(year.shortTerm)}
                </td>
                <td data-label="Long term" className={`${cell} ${tone(year.longTerm)}`}>
                  {formatSignedMoney(year.longTerm)}
                </td>
                <td data-label="Total" className={`${cell} font-medium ${tone(year.total)}`}>
                  {formatSignedMoney(year.total)}
                </td>
                <td
                  data-label="Wash sales"
                  className={cell}
                  title="Losses disallowed as wash sales, added to the replacement lots"
                >
                  {formatMoney(year.disallowed)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
};
