import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Logo } from './logo';
import { PageTitle } from './page-title';

const footerLink = 'rounded-sm hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** The centred card used by the sign-in and account-lifecycle screens, with the terms/privacy footer. */
export const CardPage = ({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) => (
  <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:justify-center">
    <PageTitle title={title} />
    <header className="mb-8">
      <Logo />
    </header>
    <main
      className={`w-full ${wide ? 'max-w-lg' : 'max-w-md'} rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8`}
    >
      <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </main>
    <footer className="mt-8 flex gap-4 text-xs text-slate-500">
      <span>© 2025 ETF Replicator</span>
      <Link to={paths.tos} className={footerLink}>
        Terms of service
      </Link>
      <Link to={paths.privacyPolicy} className={footerLink}>
        Privacy policy
      </Link>
    </footer>
  </div>
);
