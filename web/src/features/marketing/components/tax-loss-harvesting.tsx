import { MarketingFrame } from '@/components/layouts/marketing-frame';
import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';

const STEPS: ReadonlyArray<[string, string]> = [
  [
    'Every order you record opens or closes lots',
    'A BUY opens a lot: the shares, what you paid per share and the date. A SELL closes lots by your lot method: tax-optimal (losses first, long-term before short-term), HIFO (highest cost first) or FIFO, so the cost basis of each stock is always known.',
  ],
  [
    'Losses show stock by stock',
    'At the latest snapshot prices, each holding shows its unrealised gain or loss per lot. Holdings that lose more than your threshold (by default $100 or 5 %) are listed as harvesting candidates.',
  ],
  [
    'A replacement keeps you invested',
    'For each candidate, up to three stocks of the same ETF and sector that you do not hold yet, closest in weight, are suggested, never another share class of the same company. Selling the loss lots and buying the replacement is one action you can revert.',
  ],
  [
    'The wash-sale window is watched for you',
    'The US wash-sale rule disallows a loss when the same stock is bought within 30 days before or after the sale. Each candidate shows "clear" or the date it is blocked until, across all of your trackings, and no BUY of the sold stock is suggested inside the window. After it, switching back is suggested.',
  ],
  [
    'Gains by year, ready for your tax return',
    'Realised gains are split into short term (held a year or less) and long term, per year, and download as a CSV in the columns of IRS Form 8949.',
  ],
];

const LIMITS = [
  'Not tax advice. The figures follow the orders you record here and the latest snapshot prices, which can differ from your broker’s fills and statements.',
  'US rules only: the wash-sale rule, short and long term, and Form 8949. Other countries treat losses differently.',
  'The wash-sale check sees only your trackings in ETF Replicator. Purchases in other accounts, an IRA or your spouse’s accounts also count under the rule, and only you know about them.',
  'The product never trades. You place every order at your own broker.',
  'The 1-2% a year is an average reported for direct indexing with regular harvesting. Your savings depend on your gains, your tax bracket and how markets move; in a rising market there may be little to harvest.',
];

/** /tax-loss-harvesting: what the landing page's 1-2 % claim rests on, how harvesting works here, and its limits. */
export const TaxLossHarvesting = () => (
  <MarketingFrame>
    <PageTitle title="Tax-loss harvesting" />
    <article className="mx-auto max-w-3xl px-4 py-10 text-slate-700 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Tax-loss harvesting</h1>
      <p className="mt-4 text-lg">
        Holding the stocks of an ETF yourself lets you sell a single stock that is down, realise the loss to
        offset gains, and stay invested through a similar stock. That is where the average tax savings of 1-2%
        per year come from. Here is how ETF Replicator helps, and where its help ends.
      </p>
      <h2 className="mt-10 text-xl font-semibold text-slate-900">How it works here</h2>
      <ol className="mt-4 space-y-4">
        {STEPS.map(([title, text], index) => (
          <li key={title} className="rounded-xl bg-slate-50 p-5">
            <h3 className="font-semibold text-slate-900">
              <span className="mr-2 text-indigo-700">{`${index + 1}.`}</span>
              {title}
            </h3>
            <p className="mt-1 text-sm">{text}</p>
          </li>
        ))}
      </ol>
      <h2 className="mt-10 text-xl font-semibold text-slate-900">Limits</h2>
      <ul className="mt-4 list-disc space-y-2 pl-6">
        {LIMITS.map((limit) => (
          <li key={limit}>{limit}</li>
        ))}
      </ul>
      <p className="mt-10 border-t border-slate-200 pt-6">
        Ask a tax professional before you act.{' '}
        <TextLink to={paths.directIndexing}>What is direct indexing?</TextLink>
      </p>
      <div className="mt-6">
        <ButtonLink to={paths.register}>Get Started</ButtonLink>
      </div>
    </article>
  </MarketingFrame>
);
