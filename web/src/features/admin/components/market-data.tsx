import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatDateTime } from '@/lib/format';
import {
  type MarketImportResult,
  type MarketRefreshRun,
  useImportDated,
  useRefreshRuns,
  useStartRefresh,
} from '../api/market-data';

const STATUS_TONE = {
  running: 'indigo',
  succeeded: 'green',
  partial: 'amber',
  failed: 'red',
  abandoned: 'slate',
} as const;

const TRIGGER_TEXT = {
  schedule: 'scheduled',
  admin: 'started by an admin',
  cli: 'started with npm run market:refresh',
} as const;

const count = (run: MarketRefreshRun, outcome: string) =>
  run.outcomes.filter((row) => row.outcome === outcome).length;

const RunItem = ({ run }: { run: MarketRefreshRun }) => {
  const failed = run.outcomes.filter((row) => row.outcome === 'failed');
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{formatDateTime(run.startedAt)}</span>
        <Badge tone={STATUS_TONE[run.status]}>{run.status}</Badge>
        <span className="text-slate-500">{TRIGGER_TEXT[run.trigger]}</span>
      </p>
      <p className="text-slate-700">
        {`${count(run, 'published')} published · ${count(run, 'unchanged')} unchanged · ${failed.length} failed`}
        {run.finishedAt ? ` · finished ${formatDateTime(run.finishedAt)}` : ''}
      </p>
      {failed.length > 0 && (
        <ul className="space-y-0.5 text-red-700">
          {failed.map((row) => (
            <li key={row.symbol} className="break-words">
              <span className="font-semibold">{row.symbol}</span>: {row.reason ?? 'failed'} (kept its previous
              snapshot)
            </li>
          ))}
        </ul>
      )}
      {run.outcomes.length > 0 && (
        <details className="text-slate-600">
          <summary className="cursor-pointer text-xs font-medium">Per ETF</summary>
          <p className="mt-1 text-xs break-words">
            {run.outcomes.map((row) => `${row.symbol} ${row.outcome}`).join(' · ')}
          </p>
        </details>
      )}
    </li>
  );
};

const importSummary = (result: MarketImportResult) => {
  const appended = result.snapshots.filter((row) => row.outcome === 'appended').length;
  return `Closes of ${formatDate(result.asOf)}: ${appended} snapshot${appended === 1 ? '' : 's'} published, ${result.fellBack} holding${result.fellBack === 1 ? '' : 's'} took an earlier close, ${result.driftAlerts} drift alert${result.driftAlerts === 1 ? '' : 's'} raised.`;
};

const DatedImport = () => {
  const [asOf, setAsOf] = useState('2025-11-18');
  const imported = useImportDated();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    imported.mutate(asOf);
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2" aria-labelledby="dated-import-heading">
      <h3 id="dated-import-heading" className="text-base font-semibold text-slate-900">
        Bundled snapshot of a date
      </h3>
      <p className="text-sm text-slate-600">
        Publishes the bundled holdings priced at that day's closes (a symbol without one takes its nearest
        earlier close), without a network: how the demo shows real drift.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium text-slate-700">
          Closes of
          <input
            type="date"
            required
            value={asOf}
            onChange={(event) => setAsOf(event.target.value)}
            className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <Button type="submit" variant="secondary" disabled={imported.isPending || asOf === ''}>
          {imported.isPending ? 'Importing…' : 'Import snapshot'}
        </Button>
      </div>
      {imported.isSuccess && (
        <p role="status" className="text-sm text-green-800">
          {importSummary(imported.data)}
        </p>
      )}
      {imported.isError && (
        <p role="alert" className="text-sm text-red-700">
          {imported.error.message || 'The import failed.'}
        </p>
      )}
    </form>
  );
};

/** The admin page's "Market data" section (issue 20): refresh runs, "Refresh now", and a dated bundled import. */
export const MarketData = () => {
  const runs = useRefreshRuns();
  const start = useStartRefresh();
  const running = runs.data?.content.some((run) => run.status === 'running') ?? false;
  const noProvider = runs.data?.provider === 'none';
  const onRefresh = () =>
    start.mutate(undefined, {
      onSuccess: () => toast.success('Refresh started: every recommended ETF is fetched from FMP.'),
      onError: (error) => toast.error(error.message || 'The refresh could not be started.'),
    });
  return (
    <section className="mt-10 space-y-6" aria-labelledby="market-data-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="market-data-heading" className="text-xl font-semibold text-slate-900">
            Market data
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {runs.data === undefined
              ? 'Refreshes from Financial Modeling Prep.'
              : noProvider
                ? 'No provider is configured (FMP_API_KEY): nothing is refreshed on a schedule.'
                : runs.data.nextScheduledAt
                  ? `From Financial Modeling Prep; next scheduled run ${formatDateTime(runs.data.nextScheduledAt)}.`
                  : 'From Financial Modeling Prep; the schedule is off (MARKET_REFRESH_CRON).'}
          </p>
        </div>
        <Button onClick={onRefresh} disabled={start.isPending || running || noProvider}>
          {running ? 'Refreshing…' : 'Refresh now'}
        </Button>
      </div>
      <div>
        <h3 className="text-base font-semibold text-slate-900">Last refresh runs</h3>
        <div className="mt-2">
          {runs.isPending ? (
            <Spinner label="Loading refresh runs…" />
          ) : runs.isError ? (
            <p role="alert" className="text-red-700">
              The refresh runs could not be loaded.
            </p>
          ) : runs.data.content.length === 0 ? (
            <p className="rounded-lg bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
              No refresh has run yet.
            </p>
          ) : (
            <ul
              aria-label="Refresh runs"
              className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200"
            >
              {runs.data.content.map((run) => (
                <RunItem key={run.runId} run={run} />
              ))}
            </ul>
          )}
        </div>
      </div>
      <DatedImport />
    </section>
  );
};
