import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDownloadTaxReport } from '../api/download-tax-report';

/** Saves the year's Form 8949 rows as a CSV file. */
export const TaxReportDownload = ({
  trackingId,
  symbol,
  year,
}: {
  trackingId: string;
  symbol: string;
  year: number;
}) => {
  const download = useDownloadTaxReport();
  return (
    <Button
      variant="secondary"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(
          { trackingId, symbol, year },
          {
            onError: (error) =>
              notify.error(
                isApiError(error) && error.message
                  ? error.message
                  : 'The tax report could not be downloaded.',
              ),
          },
        )
      }
    >
      {download.isPending ? 'Preparing…' : `Download ${year} tax report (CSV)`}
    </Button>
  );
};
