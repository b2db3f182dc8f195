import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRealizedGains } from '@/features/taxes/api/get-realized-gains';
import { TaxReportDownload } from '@/features/taxes/components/tax-report-download';
import { downloadTrackingCsv } from '@/features/tracking-detail/api/download-csv';
import { notify } from '@/lib/notify';

export const TAX_RECORDS_NOTE =
  "Its realised sales stay in your account's tax report (Taxes), in the year they were sold, and its lots still count for wash sales.";

/**
 * "Keep your tax records" in the delete dialog (issue 26 item 7): the tracking's Form 8949 CSV of every year it sold
 * in, and its positions CSV, before it goes.
 */
export const TaxRecords = ({ trackingId, symbol }: { trackingId: string; symbol: string }) => {
  const gains = useRealizedGains(trackingId, undefined);
  const [busy, setBusy] = useState(false);
  const years = [...(gains.data?.years ?? [])].map((row) => row.year).sort((a, b) => b - a);
  const downloadPositions = async () => {
    setBusy(true);
    try {
      await downloadTrackingCsv(trackingId, symbol, 'positions');
    } catch {
      notify.error('The positions file could not be downloaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-label="Keep your tax records"
      className="space-y-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <p className="font-semibold text-slate-900">Keep your tax records</p>
      <p>{TAX_RECORDS_NOTE}</p>
      <div className="flex flex-wrap gap-2">
        {gains.isPending && <Spinner label="Loading the years with sales…" />}
        {years.map((year) => (
          <TaxReportDownload key={year} trackingId={trackingId} symbol={symbol} year={year} />
        ))}
        <Button variant="secondary" disabled={busy} onClick={() => void downloadPositions()}>
          {busy ? 'Downloading...' : 'Download positions CSV'}
        </Button>
      </div>
      {gains.data && years.length === 0 && (
        <p className="text-xs text-slate-500">No sales recorded in this tracking.</p>
      )}
    </section>
  );
};
