import { useSession } from '@/stores/session-store';

type Start = {
  accessToken?: string;
  persist?: boolean;
  hasRefreshToken?: boolean;
  /** This tab signed in earlier in the browser session (a reload, issue 32). */
  signedInThisTab?: boolean;
};

/** Puts the session store and its local- and session-storage flags into a known state before a test. */
export const setSession = ({
  accessToken,
  persist = false,
  hasRefreshToken,
  signedInThisTab = false,
}: Start = {}): void => {
  const flag = hasRefreshToken ?? accessToken !== undefined;
  window.localStorage.setItem('persist', String(persist));
  window.localStorage.setItem('hasRefreshToken', String(flag));
  if (signedInThisTab) window.sessionStorage.setItem('signedInThisTab', 'true');
  else window.sessionStorage.removeItem('signedInThisTab');
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
