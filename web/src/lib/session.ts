import { useSession } from '@/stores/session-store';
import { ApiError, sendRequest } from './http';
import { redirectToLogin } from './navigation';
import { readHasRefreshToken, readSignedInThisTab, writeSignedInThisTab } from './session-flags';

type TokenResponse = { access_token?: unknown };

let refreshing: Promise<string> | undefined;
let signingOut: Promise<void> | undefined;

/** Login or OAuth success: keep the token in memory and remember that a refresh cookie exists (spec 1 §4). */
export const startSession = (accessToken: unknown): void => {
  useSession.getState().setAccessToken(accessToken as string);
  useSession.getState().setHasRefreshToken(true);
  writeSignedInThisTab(true);
};

/** Sign-out (spec 1 §4): clear the session, call logout, set hasRefreshToken false. Concurrent calls share one. */
export const signOut = (): Promise<void> => {
  signingOut ??= (async () => {
    useSession.getState().clear();
    useSession.getState().setHasRefreshToken(false);
    writeSignedInThisTab(false);
    try {
      await sendRequest('/api/auth/logout', { method: 'POST' });
    } catch {
      // The local session is gone either way; a failed logout only leaves a cookie the server no longer honours.
    }
  })().finally(() => {
    signingOut = undefined;
  });
  return signingOut;
};

const isRejection = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

const refresh = async (): Promise<string> => {
  try {
    const { access_token } = await sendRequest<TokenResponse>('/api/auth/refresh-token', { method: 'POST' });
    useSession.getState().setAccessToken(access_token as string);
    writeSignedInThisTab(true);
    return access_token as string;
  } catch (error) {
    // Spec 1 §4: a refresh answered 401/403 signs out and goes to /login, unless the flag is already false.
    if (isRejection(error) && readHasRefreshToken()) {
      await signOut();
      redirectToLogin();
    }
    throw error;
  }
};

/** Exchanges the refresh cookie for a new access token. Concurrent callers share one request. */
export const refreshAccessToken = (): Promise<string> => {
  refreshing ??= refresh().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
};

/** Spec 1 §4: a 404 'User not found' signs out once: later answers find the session already gone. */
export const handleMissingUser = (): void => {
  if (useSession.getState().accessToken === undefined) return;
  void signOut();
};

/**
 * Start-up, synchronous part (spec 1 §4): without an access token, an untrusted device forgets its refresh flag.
 * Answers whether a refresh should be attempted (the flag survived: "possibly signed in"). Issue 32: a reload is
 * not a new browser session: the untrusted sign-in's session cookie is still there, so a tab that signed in during
 * this browser session refreshes instead of signing out (it used to sign the user out on every reload).
 */
export const settleSessionAtStartup = (): boolean => {
  const session = useSession.getState();
  if (session.accessToken !== undefined) return false;
  if (readSignedInThisTab()) {
    if (!readHasRefreshToken()) session.setHasRefreshToken(true);
    return true;
  }
  const flag = readHasRefreshToken();
  if (flag && !session.persist) {
    session.setHasRefreshToken(false);
    return false;
  }
  if (flag !== session.hasRefreshToken) useSession.setState({ hasRefreshToken: flag });
  return flag;
};

/** How the start-up refresh ended: "unreachable" keeps the refresh flag so a retry can still restore the session. */
export type RestoreOutcome = 'signed-in' | 'signed-out' | 'unreachable';

/**
 * A failure that says nothing about the refresh cookie: no answer (offline, or a request cut off by leaving the
 * page), a server error, or too many requests. Only 401/403 mean the sign-in is over (spec 1 §4).
 */
const isTransient = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === undefined || error.status === 408 || error.status === 429 || error.status >= 500);

let restoring: Promise<RestoreOutcome> | undefined;

/**
 * Start-up: settle the flags, then refresh if possibly signed in. A refused refresh has already signed out; a
 * transient failure leaves the flag (and the server-side sign-in) alone and answers "unreachable" so the caller can
 * offer a retry instead of guarding pages on a half-known session; anything else (an undecodable token) signs out.
 */
export const restoreSession = (): Promise<RestoreOutcome> => {
  restoring ??= (async (): Promise<RestoreOutcome> => {
    if (!settleSessionAtStartup()) {
      return useSession.getState().accessToken === undefined ? 'signed-out' : 'signed-in';
    }
    try {
      await refreshAccessToken();
      return 'signed-in';
    } catch (error) {
      if (isTransient(error)) return 'unreachable';
      if (useSession.getState().hasRefreshToken || readHasRefreshToken()) await signOut();
      return 'signed-out';
    }
  })().finally(() => {
    restoring = undefined;
  });
  return restoring;
};
