import { browser } from './browser';
/**
 * Lets code outside React (the API client) send the user to /login while remembering where they were. The app
 * registers its router here; until then a full page load is used.
 */
export type AppLocation = { pathname: string; search: string; hash: string };
type Navigate = (to: string, options: { replace: boolean; state: { from: AppLocation } }) => void;

let navigate: Navigate = (to) => browser.assign(to);
let currentLocation = (): AppLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

export const registerNavigator = (next: Navigate, location: () => AppLocation): void => {
  navigate = next;
  currentLocation = location;
};

export const redirectToLogin = (): void => {
  const from = currentLocation();
  if (from.pathname === '/login') return;
  navigate('/login', { replace: true, state: { from } });
};
