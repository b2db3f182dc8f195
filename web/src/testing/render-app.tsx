import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type InitialEntry, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';

/** Mounts the whole app (providers, route table, guards) at `url`, as bulletproof-react's renderApp does. */
export const renderApp = (url: InitialEntry) => {
  // The app's own router set-up (navigator, page titles) over a memory history.
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [url] }));
  const user = userEvent.setup();
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, location: () => router.state.location };
};
