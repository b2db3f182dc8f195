import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { refreshAccessToken } from '@/lib/session';
import { useSession } from '@/stores/session-store';
import { type AuditFilters, filtersToSearch } from '../utils/audit-filters';
import { saveFile } from '../utils/save-file';

const FALLBACK_NAME = 'audit-log.csv';

const filenameOf = (disposition: string | null): string =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? FALLBACK_NAME;

const fetchCsv = (url: string, token: string | undefined) =>
  fetch(url, {
    credentials: 'include',
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });

/**
 * GET /api/admin/audit/export: the filtered view as a CSV file, saved under the name the server gives it (the
 * filter's dates). Read as a Blob, so it bypasses the JSON client; an expired token gets one refresh and retry.
 */
export const exportAuditCsv = async (filters: AuditFilters): Promise<string> => {
  const url = `/api/admin/audit/export?${filtersToSearch(filters)}`;
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
  const name = filenameOf(response.headers.get('content-disposition'));
  saveFile(await response.blob(), name);
  return name;
};

export const useExportAuditCsv = () => useMutation({ mutationFn: exportAuditCsv });
