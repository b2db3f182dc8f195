import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useExportAuditCsv } from '../api/export-audit-csv';
import { useAuditLog } from '../api/get-audit-log';
import { type AuditFilters, filtersFromSearch, filtersToSearch } from '../utils/audit-filters';
import { AuditEntryRow } from './audit-entry-row';
import { AuditFilterForm } from './audit-filter-form';

const HEADERS = ['Time', 'Event', 'Stream', 'User', 'Actor', 'Position', ''];

/**
 * The audit log (admin): every event of every stream, newest first, filtered through the URL, paged by log position
 * ("Load older events"), each row expandable; the filtered view exports as CSV.
 */
export const AuditLog = () => {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const log = useAuditLog(filters);
  const exportCsv = useExportAuditCsv();
  const [expanded, setExpanded] = useState<string | null>(null);
  const apply = (next: AuditFilters) => {
    setExpanded(null);
    setSearch(filtersToSearch(next));
  };
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const download = () =>
    exportCsv.mutate(filters, {
      onSuccess: (name) => notify.success(`Exported ${name}`),
      onError: (error) =>
        notify.error(isApiError(error) ? error.message : 'The export failed. Please try again.'),
    });

  return (
    <section className="px-4 py-10" aria-labelledby="audit-heading">
      <PageTitle title="Audit log" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 id="audit-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            Audit log
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Every event of every stream, newest first. Secrets are redacted. See also{' '}
            <TextLink to={paths.adminTrackings}>tracking time travel</TextLink>.
          </p>
        </div>
        <Button variant="secondary" onClick={download} disabled={exportCsv.isPending}>
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      <div className="mt-6">
        <AuditFilterForm key={search.toString()} filters={filters} onApply={apply} />
      </div>
      <div className="mt-6">
        {log.isPending ? (
          <Spinner label="Loading the audit log…" />
        ) : log.isError ? (
          <p role="alert" className="text-red-700">
            {isApiError(log.error, 400) ? log.error.message : 'Failed to load the audit log.'}
          </p>
        ) : entries.length === 0 ? (
          <p className="text-slate-600">No events match these filters.</p>
        ) : (
          <>
            <div className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200" data-wide-table>
              <table className="min-w-full divide-y divide-slate-200 bg-white">
                <caption className="sr-only">Audit log entries, newest first</caption>
                <thead className="bg-slate-50">
                  <tr>
                    {HEADERS.map((header) => (
                      <th
                        key={header || 'actions'}
                        scope="col"
                        className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600"
                      >
                        {header || <span className="sr-only">Details</span>}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {entries.map((entry) => (
                    <AuditEntryRow
                      key={entry.eventId}
                      entry={entry}
                      expanded={expanded === entry.eventId}
                      onToggle={() =>
                        setExpanded((current) => (current === entry.eventId ? null : entry.eventId))
                      }
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-4 flex items-center gap-4 text-sm text-slate-600">
              <span aria-live="polite">
                {entries.length} event{entries.length === 1 ? '' : 's'} shown
              </span>
              {log.hasNextPage && (
                <Button
                  variant="secondary"
                  onClick={() => void log.fetchNextPage()}
                  disabled={log.isFetchingNextPage}
                >
                  {log.isFetchingNextPage ? 'Loading…' : 'Load older events'}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
};
