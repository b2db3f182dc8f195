import { useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { inputClasses } from '@/components/ui/text-field';
import { useRealizedGains } from '../api/get-realized-gains';
import { form8949Parts } from '../utils/form8949-parts';
import { ClosedLotsTable } from './closed-lots-table';
import { Form8949PartsSummary } from './form8949-parts-summary';
import { YearSummary, YearsTable } from './realised-years';
import { LoadError, SectionCard } from './section-card';
import { TaxReportDownload } from './tax-report-download';

export const NO_SALES = 'No sales yet: realised gains show once a SELL closes a lot.';

/** Realised gains per year (short, long, total), the closed lots of the picked year and its Form 8949 CSV. */
export const RealisedGainsSection = ({ trackingId, symbol }: { trackingId: string; symbol: string }) => {
  const id = useId();
  const all = useRealizedGains(trackingId, undefined);
  const years = [...(all.data?.years ?? [])].sort((a, b) => b.year - a.year);
  const [picked, setPicked] = useState<number>();
  const year = years.find((row) => row.year === picked)?.year ?? years[0]?.year;
  const ofYear = useRealizedGains(trackingId, year);
  const summary = years.find((row) => row.year === year);
  return (
    <SectionCard
      title="Realised gains by year"
      intro="Closed lots as Form 8949 rows: proceeds minus adjusted basis, plus the loss a wash sale disallows (code W); short term when held a year or less."
      actions={
        year !== undefined && (
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={`${id}-year`} className="block text-sm font-medium text-slate-900">
                Tax year
              </label>
              <select
                id={`${id}-year`}
                className={`${inputClasses} mt-1.5 w-28`}
                value={year}
                onChange={(event) => setPicked(Number(event.target.value))}
              >
                {years.map((row) => (
                  <option key={row.year} value={row.year}>
                    {row.year}
                  </option>
                ))}
              </select>
            </div>
            <TaxReportDownload trackingId={trackingId} symbol={symbol} year={year} />
          </div>
        )
      }
    >
      {all.isPending ? (
        <Spinner label="Loading realised gains…" />
      ) : all.isError ? (
        <LoadError what="The realised gains" onRetry={() => void all.refetch()} />
      ) : !summary ? (
        <p className="text-sm text-slate-600">{NO_SALES}</p>
      ) : (
        <>
          <YearSummary summary={summary} />
          {ofYear.isError ? (
            <LoadError what={`The sales of ${summary.year}`} onRetry={() => void ofYear.refetch()} />
          ) : ofYear.data && ofYear.data.year === summary.year ? (
            <>
              <Form8949PartsSummary parts={form8949Parts(ofYear.data.lots)} />
              <ClosedLotsTable lots={ofYear.data.lots} />
            </>
          ) : (
            <Spinner label="Loading sales…" />
          )}
          {years.length > 1 && <YearsTable years={years} />}
        </>
      )}
    </SectionCard>
  );
};
