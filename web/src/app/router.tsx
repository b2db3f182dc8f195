import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { registerNavigator } from '@/lib/navigation';
import { routes } from './route-table';

/** Builds the browser router and lets the API client send users to /login through it. */
export const createAppRouter = () => {
  const router = createBrowserRouter(routes);
  registerNavigator(
    (to, options) => void router.navigate(to, options),
    () => router.state.location,
  );
  return router;
};

export const AppRouter = ({ router }: { router: ReturnType<typeof createAppRouter> }) => (
  <RouterProvider router={router} />
);
