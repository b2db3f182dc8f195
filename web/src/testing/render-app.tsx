import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type InitialEntry, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/route-table';
import { registerNavigator } from '@/lib/navigation';

/** Mounts the whole app (providers, route table, guards) at `url`, as bulletproof-react's renderApp does. */
export const renderApp = (url: InitialEntry) => {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  registerNavigator(
    (to, options) => void router.navigate(to, options),
    () => router.state.location,
  );
  const user = userEvent.setup();
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, location: () => router.state.location };
};
