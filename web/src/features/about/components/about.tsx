import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { type AboutInfo, useAbout } from '../api/get-about';

const STORE_NAMES: Record<string, string> = {
  pglite: 'PGlite (embedded PostgreSQL)',
  postgres: 'PostgreSQL server',
  kurrentdb: 'KurrentDB (EventStoreDB)',
  memory: 'In memory',
};

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Not built (development server)');

const lagText = (projection: AboutInfo['projections'][number], limit: number) => {
  if (projection.caughtUp) return 'Caught up';
  const count = projection.eventsBehind >= limit ? `${limit}+` : String(projection.eventsBehind);
  return `${count} event${projection.eventsBehind === 1 ? '' : 's'} behind`;
};

/** About (admin): version, build time, event store kind and how far each projection lags behind the log. */
export const About = () => {
  const { data, isPending, isError, refetch, isFetching } = useAbout();
  return (
    <section className="mx-auto max-w-4xl px-4 py-10" aria-labelledby="about-heading">
      <PageTitle title="About" />
      <div className="flex items-center justify-between gap-4">
        <h1 id="about-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          About
        </h1>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          Refresh
        </Button>
      </div>
      {isPending ? (
        <Spinner label="Loading installation details…" />
      ) : isError ? (
        <p role="alert" className="mt-6 text-red-700">
          Failed to load the installation details.
        </p>
      ) : (
        <>
          <dl className="mt-6 divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
            {(
              [
                ['Version', data.version],
                ['Web app built', when(data.webBuiltAt)],
                ['Server started', when(data.startedAt)],
                ['Environment', data.environment],
                ['Node.js', data.nodeVersion],
                ['Event store', STORE_NAMES[data.eventStore.kind] ?? data.eventStore.kind],
                ['Read models', STORE_NAMES[data.readModels.kind] ?? data.readModels.kind],
                ['Log head', data.eventStore.headPosition ?? 'Empty log'],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="grid grid-cols-2 gap-4 px-4 py-3">
                <dt className="text-sm font-medium text-slate-600">{term}</dt>
                <dd className="font-mono text-sm break-all text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <h2 className="mt-8 text-lg font-semibold text-slate-900">Projection lag</h2>
          <div className="mt-3 relative overflow-x-auto rounded-lg ring-1 ring-slate-200">
            <table className="min-w-full divide-y divide-slate-200 bg-white text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Projection
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Checkpoint
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Lag
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Last error
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.projections.map((projection) => (
                  <tr key={projection.name}>
                    <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                      {projection.name}
                    </th>
                    <td className="px-3 py-2 font-mono text-xs">{projection.position ?? '—'}</td>
                    <td className="px-3 py-2">
                      <Badge tone={projection.caughtUp ? 'green' : 'yellow'}>
                        {lagText(projection, data.lagLimit)}
                      </Badge>
                    </td>
                    <td className={`px-3 py-2 ${projection.lastError ? 'text-red-700' : 'text-slate-400'}`}>
                      {projection.lastError ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
};
