import { PageTitle } from '@/components/ui/page-title';
import { env } from '@/config/env';

const rows = [
  ['Mode', env.mode],
  ['Base URL', env.baseUrl],
  ['Production', String(env.prod)],
  ['Development', String(env.dev)],
] as const;

/** Spec 1 §2.6 environment-info page: a static display of the build's mode, base URL and flags. */
export const EnvironmentInfo = () => (
  <section className="mx-auto max-w-3xl px-4 py-10">
    <PageTitle title="Environment" />
    <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Environment</h1>
    <dl className="mt-6 divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
      {rows.map(([term, value]) => (
        <div key={term} className="grid grid-cols-2 gap-4 px-4 py-3">
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="font-mono text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  </section>
);
