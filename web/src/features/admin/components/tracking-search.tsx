import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { inputClasses } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useTrackingSearch } from '../api/search-trackings';

/** Support's tracking picker: search by the owner's e-mail, the ETF symbol or the id, then open its time travel. */
export const TrackingSearch = () => {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const { data: hits, isPending, isError } = useTrackingSearch(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  return (
    <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="tracking-search-heading">
      <PageTitle title="Tracking time travel" />
      <h1 id="tracking-search-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Tracking time travel
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Pick a tracking to replay its history from the event log. Read-only: nothing here changes a user's
        tracking.
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not known to every engine yet (jsdom warns) */}
      <form role="search" onSubmit={submit} className="mt-6 flex max-w-xl items-end gap-3">
        <div className="grow">
          <label htmlFor="tracking-search" className="block text-sm font-medium text-slate-800">
            User e-mail or symbol
          </label>
          <input
            id="tracking-search"
            type="search"
            className={`${inputClasses} mt-1.5`}
            placeholder="ann@example.com, VOO or a tracking id"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <div className="mt-6">
        {isPending ? (
          <Spinner label="Searching trackings…" />
        ) : isError ? (
          <p role="alert" className="text-red-700">
            Failed to search the trackings.
          </p>
        ) : hits.length === 0 ? (
          <p className="text-slate-600">No trackings found.</p>
        ) : (
          <ul
            aria-label="Trackings"
            className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200"
          >
            {hits.map((hit) => (
              <li
                key={hit.trackingId}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm"
              >
                <Link
                  to={paths.adminTimeTravel(hit.trackingId)}
                  className="font-semibold text-indigo-700 hover:text-indigo-500"
                  aria-label={`Time travel: ${hit.symbol} tracking of ${hit.ownerEmail ?? hit.userId}`}
                >
                  {hit.symbol}
                </Link>
                <span className="text-slate-900">{hit.ownerEmail ?? hit.userId}</span>
                <span className="text-slate-500">Created {formatDateTime(hit.createdAt)}</span>
                {hit.deleted && <Badge tone="amber">Deleted</Badge>}
                <span className="ml-auto font-mono text-xs text-slate-500">{hit.trackingId}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
};
