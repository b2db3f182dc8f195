import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSession } from '@/stores/session-store';
import { MobileNav } from './mobile-nav';
import { UserMenu } from './user-menu';

export const TAGLINE = 'Own the index, stock by stock.';

export const TopBar = () => {
  const signedIn = useSession((state) => state.accessToken !== undefined);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
      {signedIn ? (
        <MobileNav />
      ) : (
        <Link
          to={paths.landing}
          className="flex shrink-0 items-center gap-2 rounded font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-indigo-500 text-sm font-bold text-white"
          >
            ER
          </span>
          <span className="sr-only sm:not-sr-only">ETF Replicator</span>
        </Link>
      )}
      <p className="hidden flex-1 text-sm text-slate-500 sm:block">{TAGLINE}</p>
      <div className="ml-auto flex items-center gap-2 sm:gap-3">
        <ButtonLink to={paths.feedback} variant="secondary" className="max-sm:px-3">
          Feedback
        </ButtonLink>
        {signedIn ? (
          <>
            <NotificationBell />
            <UserMenu />
          </>
        ) : (
          <>
            <ButtonLink to={paths.login} variant="ghost" className="max-sm:px-2">
              Log In
            </ButtonLink>
            <ButtonLink to={paths.register} className="max-sm:px-3">
              Get Started
            </ButtonLink>
          </>
        )}
      </div>
    </header>
  );
};
