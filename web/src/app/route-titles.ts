import type { createBrowserRouter } from 'react-router-dom';
import { routeTitle } from '@/config/page-titles';
import { selectMaySignIn, useSession } from '@/stores/session-store';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

/**
 * Titles the document from the URL at once: when the router is created (before the session is restored and before
 * the page's code has loaded) and whenever a navigation to another path starts. Issue 15: each page used to show
 * "ETF Replicator" for about a second first. The page then sets the same title (or refines it with its data).
 * Answers the unsubscribe function.
 */
export const followRouteTitles = (router: AppRouter): (() => void) => {
  let shown = router.state.location.pathname;
  const show = (pathname: string) => {
    document.title = routeTitle(pathname, { signedIn: selectMaySignIn(useSession.getState()) }).title;
  };
  show(shown);
  return router.subscribe((state) => {
    const pathname = (state.navigation.location ?? state.location).pathname;
    if (pathname === shown) return;
    shown = pathname;
    show(pathname);
  });
};
