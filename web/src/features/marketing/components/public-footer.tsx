import type { ReactNode } from 'react';

export const footerLinkClasses =
  'rounded-sm text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** Footer of the public marketing pages: the page's links, the no-advice note and the copyright line (2025). */
export const PublicFooter = ({ children, aside }: { children: ReactNode; aside?: ReactNode }) => (
  <footer className="border-t border-slate-200 bg-slate-50">
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 md:flex-row md:items-start md:justify-between">
      <div className="max-w-md space-y-3">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3">{children}</ul>
        </nav>
        <p className="text-xs text-slate-500">
          ETF Replicator is a planning tool. It never places trades and does not give investment advice.
        </p>
        <p className="text-xs text-slate-500">© 2025 ETF Replicator. All rights reserved.</p>
      </div>
      {aside}
    </div>
  </footer>
);
