import { lazy, Suspense } from 'react';
import { useMatch } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { PageLoader } from '@/components/ui/spinner';
import { selectMaySignIn, useSession } from '@/stores/session-store';

const Landing = lazy(() => import('./public/landing'));

/**
 * The main layout, except at `/` for signed-out visitors, who get the landing page (spec 1 §2.1: the shell shows when
 * an access token exists or the stored refresh flag is true).
 */
export const MainLayoutRoute = () => {
  const atHome = useMatch({ path: '/', end: true });
  const maySignIn = useSession(selectMaySignIn);
  if (atHome && !maySignIn) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Landing />
      </Suspense>
    );
  }
  return <MainLayout />;
};
