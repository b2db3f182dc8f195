import { useId, useState } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { inputClasses } from '@/components/ui/text-field';
import { useAccountGains } from '../api/get-account-gains';
import { newYorkYear } from '../utils/ny-year';
import { AccountReportDownload } from './account-report-download';
import { AccountWindowsSection } from './account-windows-section';
import { ClosedLotsTable } from './closed-lots-table';
import { Form8949PartsSummary } from './form8949-parts-summary';
import { LoadError, SectionCard } from './section-card';

export const noSalesIn = (year: number) => `No sales recorded in ${year}`;

/**
 * /taxes (issue 26): the investor's Form 8949 of a year across every tracking (deleted ones included) — Part I and
 * Part II totals, the rows with their tracking, the open wash-sale windows, and the account CSV.
 */
export const AccountTaxes = () => {
  const id = useId();
  const [year, setYear] = useState(() => newYorkYear());
  const gains = useAccountGains(year);
  const years = [...new Set([newYorkYear(), year, ...(gains.data?.years ?? []).map((row) => row.year)])].sort(
    (a, b) => b - a,
  );
  const shown = gains.data?.year === year ? gains.data : undefined;
  return (
    <section className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <PageTitle title="Taxes" />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Taxes</h1>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
        Every sale of all your trackings (deleted ones too), as Form 8949 rows: a loss that a buy within 30
        days disallows is added back (code W) and moves into the new lot's basis. Not tax advice: check the
        figures against your broker's 1099-B.
      </p>
      <SectionCard
        title={`Form 8949 · ${year}`}
        intro="Part I: held a year or less. Part II: held more than a year. Cells rounded to the cent, as in the CSV."
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={`${id}-year`} className="block text-sm font-medium text-slate-900">
                Tax year
              </label>
              <select
                id={`${id}-year`}
                className={`${inputClasses} mt-1.5 w-28`}
                value={year}
                onChange={(event) => setYear(Number(event.target.value))}
              >
                {years.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
            <AccountReportDownload year={year} />
          </div>
        }
      >
        {gains.isError ? (
          <LoadError what={`The sales of ${year}`} onRetry={() => void gains.refetch()} />
        ) : !shown ? (
          <Spinner label="Loading your sales…" />
        ) : shown.rows.length === 0 ? (
          <p className="text-sm text-slate-600">{noSalesIn(year)}</p>
        ) : (
          <>
            <Form8949PartsSummary parts={shown.parts} />
            <ClosedLotsTable lots={shown.rows} />
          </>
        )}
      </SectionCard>
      <AccountWindowsSection />
    </section>
  );
};
