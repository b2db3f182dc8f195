import { useEtfPriceHistory } from '../api/get-etf-price-history';
import { PriceHistoryChart } from './price-history-chart';
import { priceHistoryData } from './price-history-data';

/**
 * Loads the ETF's bundled closes and draws them. Issue 32: while they load the chart says so (it said "no price
 * history" before the answer came); a failed load is not "no history" either.
 */
export const EtfPriceHistory = ({ symbol }: { symbol: string }) => {
  const history = useEtfPriceHistory(symbol);
  if (history.isPending) return <PriceHistoryChart symbol={symbol} state="loading" />;
  if (history.isError) return <PriceHistoryChart symbol={symbol} state="failed" />;
  return <PriceHistoryChart symbol={symbol} state="loaded" points={priceHistoryData(history.data)} />;
};
