import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';
import { MobileNav } from './mobile-nav';
import { UserMenu } from './user-menu';

export const TAGLINE = 'Own the index, stock by stock.';

export const TopBar = () => {
  const signedIn = useSession((state) => state.accessToken !== undefined);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
      <MobileNav />
      <p className="hidden flex-1 text-sm text-slate-500 sm:block">{TAGLINE}</p>
      <div className="ml-auto flex items-center gap-3">
        <ButtonLink to={paths.feedback} variant="secondary">
          Feedback
        </ButtonLink>
        {signedIn ? (
          <UserMenu />
        ) : (
          <>
            <ButtonLink to={paths.login} variant="ghost">
              Log In
            </ButtonLink>
            <ButtonLink to={paths.register}>Get Started</ButtonLink>
          </>
        )}
      </div>
    </header>
  );
};
