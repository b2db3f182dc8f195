import { cn } from '@/lib/cn';

const palette = [
  'bg-indigo-600',
  'bg-emerald-600',
  'bg-sky-600',
  'bg-rose-600',
  'bg-amber-600',
  'bg-violet-600',
  'bg-teal-600',
  'bg-fuchsia-600',
] as const;

/** The same colour for the same symbol, on every screen. */
export const logoColour = (symbol: string): string => {
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 9973;
  return palette[hash % palette.length] ?? palette[0];
};

/** No logo source exists in the market data, so every ETF gets a coloured placeholder with its symbol. */
export const EtfLogo = ({ symbol, size = 'md' }: { symbol: string; size?: 'sm' | 'md' }) => (
  <span
    aria-hidden="true"
    className={cn(
      'grid shrink-0 place-items-center rounded-lg font-bold text-white',
      size === 'md' ? 'size-12 text-sm' : 'size-9 text-xs',
      logoColour(symbol),
    )}
  >
    {symbol.slice(0, 4)}
  </span>
);
