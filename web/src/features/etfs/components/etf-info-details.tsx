import { Spinner } from '@/components/ui/spinner';
import { useEtfInfo } from '../api/get-etf-info';
import { EtfFacts } from './etf-facts';

/** The ETF info of one symbol, loaded on demand (the recommended screen's Details modal). */
export const EtfInfoDetails = ({ symbol }: { symbol: string }) => {
  const info = useEtfInfo(symbol);
  if (info.isPending) return <Spinner label="Loading ETF info…" />;
  if (info.isError) return <p className="text-sm text-slate-600">The ETF info could not be loaded.</p>;
  return <EtfFacts info={info.data} />;
};
