/** The audit log's filters as the URL keeps them (ISO instants for the range), so a filtered view can be shared. */
export type AuditFilters = {
  readonly user: string;
  readonly category: string;
  readonly eventType: string;
  readonly from: string;
  readonly to: string;
};

export const EMPTY_FILTERS: AuditFilters = { user: '', category: '', eventType: '', from: '', to: '' };
const KEYS = ['user', 'category', 'eventType', 'from', 'to'] as const;

export const filtersFromSearch = (params: URLSearchParams): AuditFilters =>
  Object.fromEntries(KEYS.map((key) => [key, params.get(key)?.trim() ?? ''])) as AuditFilters;

/** Only the filters that are set, as query-string fields (for the URL and for the API). */
export const filtersToSearch = (filters: AuditFilters): URLSearchParams => {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filters[key]) params.set(key, filters[key]);
  return params;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → the `datetime-local` input's value in the browser's time zone ('' when not a date). */
export const isoToLocalInput = (iso: string): string => {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** A `datetime-local` value (local time) → ISO instant; `endOfMinute` makes "to 10:15" include 10:15:59.999. */
export const localInputToIso = (local: string, { endOfMinute = false } = {}): string => {
  const date = new Date(local);
  if (!local || Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + (endOfMinute ? 59_999 : 0)).toISOString();
};
