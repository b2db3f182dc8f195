import type { AuditFilterQuery } from './audit-query';

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** `audit-log-<from>-to-<to>.csv` for the filter's dates; the export day stands in for a missing range. */
export const auditExportFilename = (query: Pick<AuditFilterQuery, 'from' | 'to'>, now: Date): string => {
  if (query.from && query.to) return `audit-log-${day(query.from)}-to-${day(query.to)}.csv`;
  if (query.from) return `audit-log-from-${day(query.from)}.csv`;
  if (query.to) return `audit-log-until-${day(query.to)}.csv`;
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
};
