import { PageTitle } from '@/components/ui/page-title';

const upcoming = [
  'See every tracking together as one portfolio',
  'Gain and loss per holding, and tax-loss harvesting hints',
  'Exclude companies or sectors across all your trackings',
];

/** Spec 2 §2: /portfolios is a teaser page, marked as under construction. */
export const Portfolios = () => (
  <section className="mx-auto max-w-3xl px-4 py-10">
    <PageTitle title="Portfolios" />
    <div className="flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Portfolios</h1>
      <span className="rounded-md bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-600/20 ring-inset">
        Under construction
      </span>
    </div>
    <p className="mt-3 text-slate-600">This page is under construction. Here is what it will bring:</p>
    <ul className="mt-4 space-y-2">
      {upcoming.map((item) => (
        <li
          key={item}
          className="flex gap-2 rounded-lg bg-white p-3 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200"
        >
          <span aria-hidden="true" className="text-indigo-600">
            ◆
          </span>
          {item}
        </li>
      ))}
    </ul>
  </section>
);
