import { taxReportFileName } from '@etf-replicator/core/contracts/taxes';
import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '@/lib/download-csv';

export type TaxReportInput = { trackingId: string; symbol: string; year: number };

/** GET /api/trackings/{id}/tax-report.csv?year=: the year's closed lots in Form 8949 columns, saved as a file. */
export const downloadTaxReport = ({ trackingId, symbol, year }: TaxReportInput): Promise<string> =>
  downloadCsv(
    `/api/trackings/${encodeURIComponent(trackingId)}/tax-report.csv?year=${year}`,
    taxReportFileName(symbol, year),
  );

export const useDownloadTaxReport = () => useMutation({ mutationFn: downloadTaxReport });
