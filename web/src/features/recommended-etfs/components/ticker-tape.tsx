import type { StockQuoteResponse } from '@etf-replicator/core/contracts/market-data';
import { useEffect, useRef } from 'react';
import { closesSpan, PricesAsOf } from '@/components/ui/prices-as-of';
import { formatMoney } from '@/lib/format';

const Items = ({ quotes, hidden = false }: { quotes: readonly StockQuoteResponse[]; hidden?: boolean }) => (
  <ul aria-hidden={hidden || undefined} className="flex shrink-0 items-center gap-8 pr-8">
    {quotes.map((quote) => (
      <li key={quote.symbol} className="flex items-baseline gap-2 whitespace-nowrap">
        <span className="font-semibold text-white">{quote.symbol}</span>
        <span className="tabular-nums text-slate-300">{quote.price ? formatMoney(quote.price) : '—'}</span>
      </li>
    ))}
  </ul>
);

const reducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Our own ticker tape of the recommended ETFs at the market-data snapshot's last prices (no outside widget), dated
 * by their closes (issue 32: "Prices as of Jul 13, 2026", not an ISO date).
 * It scrolls unless the user prefers reduced motion, and pauses on hover or focus.
 */
export const TickerTape = ({ quotes }: { quotes: readonly StockQuoteResponse[] }) => {
  const track = useRef<HTMLDivElement>(null);
  const pricesAsOf = closesSpan(quotes.map((quote) => quote.priceAsOf));
  useEffect(() => {
    const element = track.current;
    if (!element || quotes.length === 0 || typeof element.animate !== 'function' || reducedMotion()) return;
    const animation = element.animate([{ transform: 'translateX(0)' }, { transform: 'translateX(-50%)' }], {
      duration: quotes.length * 3_000,
      iterations: Number.POSITIVE_INFINITY,
    });
    const pause = () => animation.pause();
    const play = () => animation.play();
    element.addEventListener('mouseenter', pause);
    element.addEventListener('mouseleave', play);
    return () => {
      element.removeEventListener('mouseenter', pause);
      element.removeEventListener('mouseleave', play);
      animation.cancel();
    };
  }, [quotes.length]);
  if (quotes.length === 0) return null;
  return (
    <section aria-label="Ticker tape" className="space-y-1">
      <div className="overflow-hidden rounded-lg bg-slate-900 py-2 text-sm">
        <div ref={track} className="flex w-max">
          <Items quotes={quotes} />
          <Items quotes={quotes} hidden />
        </div>
      </div>
      <PricesAsOf pricesAsOf={pricesAsOf} />
    </section>
  );
};
