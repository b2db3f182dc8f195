import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { ComparisonTable } from './comparison-table';
import { customisations, directIndexingSteps } from './direct-indexing-steps';
import { FadeInSection } from './fade-in-section';
import { footerLinkClasses, PublicFooter } from './public-footer';
import { type NavItem, PublicHeader } from './public-header';

const nav: NavItem[] = [
  { label: 'What is it', anchor: 'what-is-direct-indexing' },
  { label: 'How it works', anchor: 'how-it-works' },
  { label: 'Pricing', to: paths.pricing },
];

const sectionClasses = 'mx-auto max-w-5xl scroll-mt-20 px-4 py-14 outline-none sm:py-20';
const h2Classes = 'text-3xl font-bold tracking-tight text-slate-900';

/** /directindexing: the marketing page of spec 2 §2; every section fades in as it scrolls into view. */
export const DirectIndexing = () => (
  <div className="min-h-screen bg-white">
    <PageTitle title="Direct Indexing" />
    <PublicHeader
      nav={nav}
      actions={
        <>
          <ButtonLink to={paths.login} variant="ghost">
            Log In
          </ButtonLink>
          <ButtonLink to={paths.register}>Try It Free</ButtonLink>
        </>
      }
    />
    <main>
      <FadeInSection aria-labelledby="di-heading" className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-24">
          <h1 id="di-heading" className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Direct Indexing
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Own the stocks inside an ETF instead of the fund itself: no management fee, tax-loss harvesting
            stock by stock, and a portfolio shaped by your own rules.
          </p>
        </div>
      </FadeInSection>

      <FadeInSection aria-labelledby="compare-heading" className={sectionClasses}>
        <h2 id="compare-heading" className={h2Classes}>
          ETF or direct indexing?
        </h2>
        <ComparisonTable />
      </FadeInSection>

      <FadeInSection
        id="what-is-direct-indexing"
        tabIndex={-1}
        aria-labelledby="what-heading"
        className={sectionClasses}
      >
        <h2 id="what-heading" className={h2Classes}>
          What is Direct Indexing
        </h2>
        <div className="mt-6 space-y-4 text-slate-700">
          <p>
            An ETF is a basket of stocks you buy as one share. Direct indexing means buying the stocks of that
            basket yourself, in the same proportions, so your portfolio follows the index while every share is
            yours.
          </p>
          <p>
            Because you hold each company directly, you pay no fund fee (0.00% fee, saving 0.03-0.90% a year
            against ETF expense ratios), you can sell a single loser to harvest a tax loss (average tax
            savings of 1-2% per year), and you decide what stays in. ETF Replicator does the arithmetic; you
            keep the decisions. It is not investment advice.
          </p>
        </div>
      </FadeInSection>

      <FadeInSection id="how-it-works" tabIndex={-1} aria-labelledby="how-heading" className={sectionClasses}>
        <h2 id="how-heading" className={h2Classes}>
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {directIndexingSteps.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span aria-hidden="true" className="text-sm font-bold text-indigo-600">
                Step {index + 1}
              </span>
              <h3 className="mt-2 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </FadeInSection>

      <FadeInSection aria-labelledby="custom-heading" className={sectionClasses}>
        <h2 id="custom-heading" className={h2Classes}>
          Make the index your own
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {customisations.map((item) => (
            <li key={item.title} className="rounded-xl bg-slate-50 p-6">
              <h3 className="font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </FadeInSection>

      <FadeInSection aria-labelledby="cta-heading" className="bg-indigo-700">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white">
            Start with one ETF today
          </h2>
          <p className="mt-4 text-indigo-100">The Free plan needs no credit card.</p>
          <ButtonLink to={paths.register} variant="secondary" className="mt-8 px-6 py-3 text-base">
            Get Started for Free
          </ButtonLink>
        </div>
      </FadeInSection>
    </main>
    <PublicFooter>
      <li>
        <Link to={paths.pricing} className={footerLinkClasses}>
          Pricing
        </Link>
      </li>
      <li>
        <Link to={paths.directIndexing} className={footerLinkClasses}>
          Direct Indexing
        </Link>
      </li>
      <li>
        <Link to={paths.privacyPolicy} className={footerLinkClasses}>
          Privacy policy
        </Link>
      </li>
    </PublicFooter>
  </div>
);
