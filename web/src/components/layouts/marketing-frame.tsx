import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { DocumentTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

const navLink =
  'rounded-sm text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** Header and footer of the public marketing and legal pages (auth layout). */
export const MarketingFrame = ({
  title,
  anchors = [],
  children,
}: {
  title?: string;
  anchors?: Array<[string, string]>;
  children: ReactNode;
}) => (
  <div className="flex min-h-screen flex-col bg-white">
    {title && <DocumentTitle>{title}</DocumentTitle>}
    <header className="border-b border-slate-200">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-6 px-4 py-4">
        <Logo />
        <nav aria-label="Site" className="flex flex-1 flex-wrap items-center gap-5">
          <Link to={paths.directIndexing} className={navLink}>
            Direct Indexing
          </Link>
          {anchors.map(([label, id]) => (
            <a key={id} href={`#${id}`} className={navLink}>
              {label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-3">
          <ButtonLink to={paths.login} variant="ghost">
            Log In
          </ButtonLink>
          <ButtonLink to={paths.register}>Get Started</ButtonLink>
        </div>
      </div>
    </header>
    <main className="flex-1">{children}</main>
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-6 text-sm text-slate-600">
        <span>© 2025 ETF Replicator</span>
        <Link to={paths.login} className={navLink}>
          Login
        </Link>
        <Link to={paths.tos} className={navLink}>
          Terms of service
        </Link>
        <Link to={paths.privacyPolicy} className={navLink}>
          Privacy policy
        </Link>
        <Link to={paths.feedbackNoAuth} className={navLink}>
          Feedback
        </Link>
      </div>
    </footer>
  </div>
);
