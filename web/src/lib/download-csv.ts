import { ApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { refreshAccessToken } from '@/lib/session';
import { useSession } from '@/stores/session-store';

const fetchCsv = (url: string, token: string | undefined) =>
  fetch(url, {
    credentials: 'include',
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });

const filenameOf = (disposition: string | null, fallback: string): string =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * Fetches a CSV the API serves and saves it under the name the server gives (else `fallbackName`); resolves that
 * name. A plain link would not carry the bearer token, so the file is read as a Blob outside the JSON client; an
 * expired token gets one refresh and retry. Failures are ApiErrors with the server's message.
 */
export const downloadCsv = async (url: string, fallbackName: string): Promise<string> => {
  let response: Response;
  try {
    response = await fetchCsv(url, useSession.getState().accessToken);
    if (response.status === 401 || response.status === 403)
      response = await fetchCsv(url, await refreshAccessToken());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(undefined, 'No Server Response');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : response.statusText, body);
  }
  const name = filenameOf(response.headers.get('content-disposition'), fallbackName);
  saveFile(await response.blob(), name);
  return name;
};
