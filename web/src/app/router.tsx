import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { registerNavigator } from '@/lib/navigation';
import { routes } from './route-table';
import { followRouteTitles } from './route-titles';

type CreateRouter = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/**
 * Builds the router (the browser's; tests pass a memory router) over the route table, lets the API client send
 * users to /login through it, and titles every page from its URL as soon as its navigation starts.
 */
export const createAppRouter = (create: CreateRouter = createBrowserRouter) => {
  const router = create(routes);
  registerNavigator(
    (to, options) => void router.navigate(to, options),
    () => router.state.location,
  );
  followRouteTitles(router);
  return router;
};

export const AppRouter = ({ router }: { router: ReturnType<typeof createAppRouter> }) => (
  <RouterProvider router={router} />
);
