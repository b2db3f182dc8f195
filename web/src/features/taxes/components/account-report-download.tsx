import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDownloadAccountReport } from '../api/download-account-report';

/** Saves the account's Form 8949 rows of the year (every tracking) as a CSV file, with the session's token. */
export const AccountReportDownload = ({ year }: { year: number }) => {
  const download = useDownloadAccountReport();
  return (
    <Button
      variant="secondary"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(year, {
          onError: (error) =>
            notify.error(
              isApiError(error) && error.message
                ? error.message
                : 'The Form 8949 CSV could not be downloaded.',
            ),
        })
      }
    >
      {download.isPending ? 'Preparing…' : 'Download Form 8949 CSV'}
    </Button>
  );
};
