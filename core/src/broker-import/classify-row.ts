import type { BrokerLayout } from './layouts';

/** Core and sweep money market funds: a broker lists them as positions, but they are cash to invest. */
const MONEY_MARKET = new Set([
  'SPAXX',
  'FDRXX',
  'FZFXX',
  'FDLXX',
  'SPRXX',
  'FCASH',
  'CORE',
  'SWVXX',
  'SNVXX',
  'SNOXX',
  'SNSXX',
  'VMFXX',
  'VMMXX',
  'VUSXX',
  'VMRXX',
]);
const STOCK_TYPES_SCHWAB = /^(equity|equities|etfs? (&|and) closed end funds|etfs?|stocks?)$/i;
const TICKER = /^[A-Z0-9][A-Z0-9.\-/]{0,11}$/;

export type RowKind =
  | { readonly kind: 'position' }
  | { readonly kind: 'cash' }
  | { readonly kind: 'ignored'; readonly reason: string };

const POSITION: RowKind = { kind: 'position' };
const ignored = (reason: string): RowKind => ({ kind: 'ignored', reason });

/** Whether a row is a position to import, cash to invest, or something to leave out (and why). */
export const classifyRow = (
  symbol: string,
  type: string,
  description: string,
  layout: BrokerLayout,
): RowKind => {
  const upper = symbol.toUpperCase();
  if (/^((account|positions) )?totals?\b/i.test(symbol) || (symbol === '' && /^totals?\b/i.test(description)))
    return ignored('a total line, not a position');
  if (/pending activity/i.test(symbol)) return ignored('pending activity, not a position');
  if (
    /^cash\b/i.test(symbol) ||
    upper.endsWith('**') ||
    MONEY_MARKET.has(upper) ||
    /cash|money market/i.test(type) ||
    /money market/i.test(description)
  )
    return { kind: 'cash' };
  if (layout.id === 'ibkr' && type !== '' && !['STK', 'STOCKS'].includes(type.toUpperCase()))
    return ignored(`not a stock or ETF (asset class ${type})`);
  if (layout.id === 'schwab' && type !== '' && type !== '--' && !STOCK_TYPES_SCHWAB.test(type))
    return ignored(`not a stock or ETF (${type})`);
  if (symbol !== '' && !TICKER.test(upper))
    return ignored('not a stock symbol (an option or another security)');
  return POSITION;
};

export const CASH_REASONS = {
  counted: 'cash or a money market fund: counted as cash to invest',
  negative: 'cash or a money market fund with a negative balance (money owed to the broker): not counted',
  noAmount: 'cash or a money market fund: the file gives no amount, not counted',
} as const;
