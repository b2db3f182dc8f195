import { useEtfPriceHistory } from '../api/get-etf-price-history';
import { PriceHistoryChart } from './price-history-chart';
import { priceHistoryData } from './price-history-data';

/** Loads the ETF's bundled closes and draws them; while loading or without data the chart shows its note. */
export const EtfPriceHistory = ({ symbol }: { symbol: string }) => {
  const history = useEtfPriceHistory(symbol);
  return <PriceHistoryChart symbol={symbol} points={history.data ? priceHistoryData(history.data) : null} />;
};
