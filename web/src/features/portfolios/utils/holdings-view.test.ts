import { describe, expect, it } from 'vitest';
import { twoTrackings } from '../testing/portfolio-fixtures';
import { DEFAULT_SORT, holdingsView, labelsById, nextSort } from './holdings-view';

const { holdings, trackings } = twoTrackings();
const symbols = (list: readonly { symbol: string }[]) => list.map((holding) => holding.symbol);

describe('Holdings view', () => {
  it('opens on the largest value first, equal values by symbol', () => {
    // AAPL 2,700; MSFT and NVDA 2,000 each (by symbol); XOM 500; JPM 0 (targeted, not held).
    expect(symbols(holdingsView(holdings, '', DEFAULT_SORT))).toEqual(['AAPL', 'MSFT', 'NVDA', 'XOM', 'JPM']);
  });

  it('sorts by target weight as decimals, not as text ("5" < "25")', () => {
    const view = holdingsView(holdings, '', { key: 'targetWeight', direction: 'ascending' });
    // 0 (XOM), 5 (JPM), 25 (MSFT), 30 (NVDA), 40 (AAPL): a text sort would put "5" after "40".
    expect(symbols(view)).toEqual(['XOM', 'JPM', 'MSFT', 'NVDA', 'AAPL']);
  });

  it('sorts by symbol and by weight both ways', () => {
    expect(symbols(holdingsView(holdings, '', { key: 'symbol', direction: 'descending' }))).toEqual([
      'XOM',
      'NVDA',
      'MSFT',
      'JPM',
      'AAPL',
    ]);
    expect(symbols(holdingsView(holdings, '', { key: 'weight', direction: 'ascending' }))).toEqual([
      'JPM',
      'XOM',
      'MSFT',
      'NVDA',
      'AAPL',
    ]);
  });

  it('finds holdings by symbol or name, in any case, and keeps the input list untouched', () => {
    const before = symbols(holdings);
    expect(symbols(holdingsView(holdings, ' corp', DEFAULT_SORT))).toEqual(['MSFT', 'NVDA', 'XOM']);
    expect(symbols(holdingsView(holdings, 'aapl', DEFAULT_SORT))).toEqual(['AAPL']);
    expect(holdingsView(holdings, 'zzz', DEFAULT_SORT)).toEqual([]);
    expect(symbols(holdings)).toEqual(before);
  });

  it('sorts a new column in its natural direction and reverses the same column', () => {
    expect(nextSort(DEFAULT_SORT, 'symbol')).toEqual({ key: 'symbol', direction: 'ascending' });
    expect(nextSort(DEFAULT_SORT, 'weight')).toEqual({ key: 'weight', direction: 'descending' });
    expect(nextSort(DEFAULT_SORT, 'value')).toEqual({ key: 'value', direction: 'ascending' });
  });

  it('names each tracking by its label', () => {
    expect(labelsById(trackings).get('trk-qqq')).toBe('QQQ');
  });
});
