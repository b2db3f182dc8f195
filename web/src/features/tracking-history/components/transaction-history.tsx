import { HISTORY_PAGE_SIZES } from '@etf-replicator/core/contracts/history';
import { useId, useState } from 'react';
import { inputClasses } from '@/components/ui/text-field';
import { type HistoryEntry, useHistory } from '../api/get-history';
import { totalPagesOf } from '../utils/page-numbers';
import { HistoryTable } from './history-table';
import { Pagination } from './pagination';
import { RevertDialog } from './revert-dialog';

/** The collapsible transaction history panel; hidden entirely while the tracking has no entries (spec 2 §2). */
export const TransactionHistory = ({ trackingId }: { trackingId: string }) => {
  const id = useId();
  const [open, setOpen] = useState(true);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(HISTORY_PAGE_SIZES[0]);
  const [toRevert, setToRevert] = useState<HistoryEntry>();
  const history = useHistory(trackingId, page, size);
  const total = history.data?.totalElements ?? 0;
  const totalPages = totalPagesOf(total, size);
  // A revert or a smaller total can leave the page past the end: step back to the last page.
  if (history.data && page > 0 && page >= totalPages) setPage(Math.max(0, totalPages - 1));
  if (!history.data || total === 0) return null;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          className="flex w-full items-center justify-between gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-indigo-600"
          onClick={() => setOpen((shown) => !shown)}
        >
          <span>{`Transaction history (${total})`}</span>
          <span aria-hidden="true" className="text-slate-500">
            {open ? '▾' : '▸'}
          </span>
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open} className="mt-3 space-y-3">
        <HistoryTable entries={history.data.content} disabled={history.isFetching} onRevert={setToRevert} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Pagination page={page} totalPages={totalPages} onPage={setPage} />
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={`${id}-size`} className="whitespace-nowrap text-slate-700">
              Rows per page
            </label>
            <select
              id={`${id}-size`}
              className={`${inputClasses} w-20`}
              value={size}
              onChange={(event) => {
                setSize(Number(event.target.value));
                setPage(0);
              }}
            >
              {HISTORY_PAGE_SIZES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <RevertDialog trackingId={trackingId} entry={toRevert} onClose={() => setToRevert(undefined)} />
    </section>
  );
};
