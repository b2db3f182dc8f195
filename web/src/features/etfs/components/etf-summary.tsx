import { formatPercent } from '@/lib/format';
import { useEtfInfo } from '../api/get-etf-info';
import { EtfLogo } from './etf-logo';

/** Logo, symbol and name of one ETF (the wizard's selected-ETF card). */
export const EtfSummary = ({ symbol }: { symbol: string }) => {
  const info = useEtfInfo(symbol);
  return (
    <div className="flex items-center gap-3">
      <EtfLogo symbol={symbol} size="sm" />
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{symbol}</p>
        <p className="truncate text-sm text-slate-600">
          {info.data?.name ?? (info.isError ? 'Not an ETF we have data for' : 'Loading…')}
        </p>
        {info.data?.expenseRatio !== undefined && info.data.expenseRatio !== null && (
          <p className="text-xs text-slate-500">{`${info.data.etfCompany ?? ''} · ${formatPercent(info.data.expenseRatio)} expense ratio`}</p>
        )}
      </div>
    </div>
  );
};
