import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { useScanWelcome } from '../hooks/use-scan-welcome';
import { DiscountDialog } from './discount-dialog';
import { footerLinkClasses, PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { scanSteps } from './scan-steps';
import { SectionLink } from './section-link';

const sectionClasses = 'mx-auto max-w-5xl scroll-mt-20 px-4 py-14 outline-none sm:py-20';

/** /scan, reached through a QR code (spec 2 §2). `demo` is the 'Try It Yourself' ETF demo. */
export const ScanPage = ({ demo }: { demo: ReactNode }) => {
  useScanWelcome();
  return (
    <div className="min-h-screen bg-white">
      <PageTitle title="Welcome" />
      <PublicHeader
        nav={[{ label: 'Direct Indexing', to: paths.directIndexing }]}
        actions={
          <ButtonLink to={paths.login} variant="ghost">
            Log In
          </ButtonLink>
        }
      />
      <main>
        <section aria-labelledby="scan-heading" className="bg-gradient-to-b from-indigo-50 to-white">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-24">
            <h1
              id="scan-heading"
              className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
            >
              Copy any ETF, stock by stock
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
              ETF Replicator turns an ETF into the individual stocks it holds, for the amount you choose. No
              management fee, and every share stays in your own brokerage account.
            </p>
            <div className="mt-10 flex flex-wrap justify-center gap-4">
              <ButtonLink to={paths.register} className="px-6 py-3 text-base">
                Try It Free
              </ButtonLink>
              <SectionLink
                section="try-it-yourself"
                className={buttonClasses('secondary', 'px-6 py-3 text-base')}
              >
                See How It Works
              </SectionLink>
              <DiscountDialog />
            </div>
          </div>
        </section>

        <section id="try-it-yourself" tabIndex={-1} aria-labelledby="demo-heading" className={sectionClasses}>
          <h2 id="demo-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Try It Yourself
          </h2>
          <p className="mt-3 text-slate-600">
            Type an ETF ticker to see its three largest holdings and sectors. No account needed.
          </p>
          <div className="mt-8">{demo}</div>
        </section>

        <section aria-labelledby="scan-how-heading" className={`${sectionClasses} border-t border-slate-100`}>
          <h2 id="scan-how-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            How it works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {scanSteps.map((step, index) => (
              <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span
                  aria-hidden="true"
                  className="grid size-8 place-items-center rounded-full bg-indigo-600 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="scan-cta-heading" className="bg-indigo-700">
          <div className="mx-auto max-w-3xl px-4 py-16 text-center">
            <h2 id="scan-cta-heading" className="text-3xl font-bold tracking-tight text-white">
              Ready to own your index?
            </h2>
            <p className="mt-4 text-indigo-100">Start on the Free plan. No credit card required.</p>
            <ButtonLink to={paths.register} variant="secondary" className="mt-8 px-6 py-3 text-base">
              Create Your Free Account
            </ButtonLink>
          </div>
        </section>
      </main>
      <PublicFooter>
        <li>
          <Link to={paths.landing} className={footerLinkClasses}>
            Home
          </Link>
        </li>
        <li>
          <Link to={paths.tos} className={footerLinkClasses}>
            Terms of service
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
};
