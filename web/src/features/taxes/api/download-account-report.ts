import { accountTaxReportFileName } from '@etf-replicator/core/contracts/taxes';
import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '@/lib/download-csv';

/** GET /api/tax/report.csv?year=: the Form 8949 rows of every tracking of the year, saved as a file. */
export const downloadAccountReport = (year: number): Promise<string> =>
  downloadCsv(`/api/tax/report.csv?year=${year}`, accountTaxReportFileName(year));

export const useDownloadAccountReport = () => useMutation({ mutationFn: downloadAccountReport });
