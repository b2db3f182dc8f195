import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatPercent } from '@/lib/format';
import { useEtfInfo } from '../api/get-etf-info';
import { EtfFacts, EtfWebsiteLink } from './etf-facts';
import { EtfLogo } from './etf-logo';

/** Tracking detail: the ETF info card with 'More Details' and a website link (spec 2 §2). */
export const EtfInfoCard = ({ symbol }: { symbol: string }) => {
  const info = useEtfInfo(symbol);
  const [open, setOpen] = useState(false);
  if (info.isPending) return <Spinner label="Loading ETF info…" />;
  if (info.isError) {
    return (
      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">{symbol}</h2>
        <p className="mt-1 text-sm text-slate-600">The ETF info could not be loaded.</p>
      </section>
    );
  }
  const etf = info.data;
  return (
    <section
      aria-labelledby="etf-info-heading"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start gap-4">
        <EtfLogo symbol={etf.symbol} />
        <div className="min-w-0 flex-1">
          <h2 id="etf-info-heading" className="text-lg font-semibold text-slate-900">
            {etf.name} <span className="text-slate-500">({etf.symbol})</span>
          </h2>
          <p className="text-sm text-slate-600">
            {[
              etf.etfCompany,
              etf.assetClass,
              etf.expenseRatio === null ? null : `${formatPercent(etf.expenseRatio)} expense ratio`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-4 text-sm">
            <button
              type="button"
              aria-expanded={open}
              aria-controls="etf-more-details"
              className="font-semibold text-indigo-700 hover:underline"
              onClick={() => setOpen((shown) => !shown)}
            >
              More Details
            </button>
            <EtfWebsiteLink info={etf} />
          </div>
        </div>
      </div>
      <div id="etf-more-details" hidden={!open} className="mt-4 border-t border-slate-100 pt-4">
        {open && <EtfFacts info={etf} showWebsite={false} />}
      </div>
    </section>
  );
};
