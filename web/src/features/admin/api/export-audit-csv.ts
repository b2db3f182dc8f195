import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '@/lib/download-csv';
import { type AuditFilters, filtersToSearch } from '../utils/audit-filters';

/**
 * GET /api/admin/audit/export: the filtered view as a CSV file, saved under the name the server gives it (the
 * filter's dates).
 */
export const exportAuditCsv = (filters: AuditFilters): Promise<string> =>
  downloadCsv(`/api/admin/audit/export?${filtersToSearch(filters)}`, 'audit-log.csv');

export const useExportAuditCsv = () => useMutation({ mutationFn: exportAuditCsv });
