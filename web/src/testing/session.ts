import { useSession } from '@/stores/session-store';

type Start = { accessToken?: string; persist?: boolean; hasRefreshToken?: boolean };

/** Puts the session store and its local-storage flags into a known state before a test. */
export const setSession = ({ accessToken, persist = false, hasRefreshToken }: Start = {}): void => {
  const flag = hasRefreshToken ?? accessToken !== undefined;
  window.localStorage.setItem('persist', String(persist));
  window.localStorage.setItem('hasRefreshToken', String(flag));
  useSession.setState({
    accessToken: undefined,
    subject: undefined,
    userId: undefined,
    plan: undefined,
    roles: [],
    persist,
    hasRefreshToken: flag,
  });
  if (accessToken !== undefined) useSession.getState().setAccessToken(accessToken);
};
