import { ButtonLink } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';

const claims: Array<[string, string, { label: string; to: string }?]> = [
  ['0.00%', 'management fee: you hold the stocks yourself'],
  ['0.03-0.90%', 'a year saved against ETF expense ratios'],
  [
    '1-2%',
    'average tax savings per year from tax-loss harvesting',
    { label: 'How harvesting works and its limits', to: paths.taxLossHarvesting },
  ],
];

export const LandingHero = () => (
  <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-indigo-50 to-white">
    <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Direct indexing</p>
      <h1
        id="hero-heading"
        className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
      >
        Replicate any ETF with individual stocks
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">
        Pick an ETF, enter the amount you want to invest in USD, and get the exact BUY and SELL orders that
        match it. You place the orders at your own broker and own every share in your name.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <ButtonLink to={paths.register} className="px-6 py-3 text-base">
          Get Started
        </ButtonLink>
        <ButtonLink to={paths.directIndexing} variant="secondary" className="px-6 py-3 text-base">
          What is direct indexing?
        </ButtonLink>
      </div>
      <p className="mt-4 text-sm text-slate-500">Free plan, no credit card required.</p>
      <ul className="mx-auto mt-14 grid max-w-4xl gap-6 sm:grid-cols-3">
        {claims.map(([figure, text, more]) => (
          <li key={figure} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <p className="text-3xl font-bold text-indigo-700">{figure}</p>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
            {more && (
              <TextLink to={more.to} className="mt-2 inline-block text-sm">
                {more.label}
              </TextLink>
            )}
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-6 max-w-2xl text-xs text-slate-500">
        Savings depend on the ETF you compare with, your amounts and your tax situation. ETF Replicator never
        trades for you and gives no investment advice.
      </p>
    </div>
  </section>
);
