import { useSession } from '@/stores/session-store';
import { ApiError, type RequestOptions, sendRequest } from './http';
import { handleMissingUser, refreshAccessToken, signOut } from './session';
import { readHasRefreshToken } from './session-flags';

const withBearer = (options: RequestOptions, accessToken: string | undefined): RequestOptions =>
  accessToken === undefined
    ? options
    : { ...options, headers: { ...options.headers, Authorization: `Bearer ${accessToken}` } };

const passOn = (error: unknown): never => {
  if (error instanceof ApiError && error.status === 404 && error.message === 'User not found') {
    handleMissingUser();
  }
  throw error;
};

/**
 * Authenticated call with the session rules of spec 1 §4: bearer header and cookies; a call made while the stored
 * refresh flag is false signs out; a 403 (and our API's 401 for an expired token) gets one refresh and one retry with
 * the new token, and if the refresh fails the original error is passed on; a 404 'User not found' signs out once.
 */
const authenticatedRequest = async <T>(url: string, options: RequestOptions = {}): Promise<T> => {
  if (!readHasRefreshToken()) {
    await signOut();
    throw new ApiError(401, 'Unauthorized');
  }
  try {
    return await sendRequest<T>(url, withBearer(options, useSession.getState().accessToken));
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 401)) return passOn(error);
    let accessToken: string;
    try {
      accessToken = await refreshAccessToken();
    } catch {
      return passOn(error);
    }
    try {
      return await sendRequest<T>(url, withBearer(options, accessToken));
    } catch (retryError) {
      return passOn(retryError);
    }
  }
};

type Call = <T>(url: string, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
type CallWithBody = <T>(
  url: string,
  body?: unknown,
  options?: Omit<RequestOptions, 'method' | 'body'>,
) => Promise<T>;

const verbs = (send: typeof sendRequest) => ({
  get: ((url, options) => send(url, { ...options, method: 'GET' })) as Call,
  delete: ((url, options) => send(url, { ...options, method: 'DELETE' })) as Call,
  /** DELETE with a JSON body (e.g. which exclusions to take back). */
  deleteWithBody: ((url, body, options) => send(url, { ...options, method: 'DELETE', body })) as CallWithBody,
  post: ((url, body, options) => send(url, { ...options, method: 'POST', body })) as CallWithBody,
  patch: ((url, body, options) => send(url, { ...options, method: 'PATCH', body })) as CallWithBody,
  put: ((url, body, options) => send(url, { ...options, method: 'PUT', body })) as CallWithBody,
});

/** The shared client for signed-in calls (bearer token, session rules). */
export const api = verbs(authenticatedRequest);

/** Calls that need no access token (sign-in, registration, e-mail links); cookies are still sent. */
export const publicApi = verbs(sendRequest);

export { ApiError, isApiError } from './http';
