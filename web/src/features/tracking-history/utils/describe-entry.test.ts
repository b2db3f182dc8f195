import { describe, expect, it } from 'vitest';
import { actionLabel, describeEntry } from './describe-entry';

describe('History entries in words', () => {
  it('describes an executed order with shares truncated to 2 decimals and the price', () => {
    const entry = {
      actionType: 'EXECUTE_ORDER',
      details: { orderType: 'BUY' as const, shares: '3.456', symbol: 'AAPL', price: '271.4' },
    };
    expect(describeEntry(entry)).toBe('BUY 3.45 AAPL at $271.40');
    const revert = { actionType: 'REVERT', details: { revertsActionId: 'a1' } };
    expect(describeEntry(revert, entry)).toBe('Undid order executed: BUY 3.45 AAPL at $271.40');
    expect(describeEntry(revert)).toBe('Undid an earlier action');
  });

  it('notes the wash sale a BUY caused (issue 26: 10 AAPL bought back at $410 after selling 10 at a $1,000 loss)', () => {
    const entry = {
      actionType: 'EXECUTE_ORDER',
      details: {
        orderType: 'BUY' as const,
        shares: '10',
        symbol: 'AAPL',
        price: '410',
        washSale: { saleDate: '2026-11-20', symbol: 'AAPL', disallowedLoss: '1000' },
      },
    };
    expect(describeEntry(entry)).toBe(
      "BUY 10 AAPL at $410.00. Wash sale: $1,000.00 of the loss on AAPL sold Nov 20, 2026 is disallowed and added to this lot's basis",
    );
  });

  it('describes a harvest and a kept replacement', () => {
    const harvest = {
      actionType: 'HARVEST',
      details: { symbol: 'AAPL', replacement: 'MSFT', amount: '512.5', windowEndsAt: '2026-02-04' },
    };
    expect(actionLabel('HARVEST')).toBe('Tax-loss harvest');
    expect(describeEntry(harvest)).toBe(
      'Sold AAPL at a loss of $512.50, bought MSFT; no buy back until Feb 4, 2026',
    );
    expect(
      describeEntry({ actionType: 'KEEP_REPLACEMENT', details: { symbol: 'AAPL', replacement: 'MSFT' } }),
    ).toBe('MSFT stays instead of AAPL');
  });

  it('describes target changes and settings', () => {
    expect(
      describeEntry({ actionType: 'RAISE_TARGET', details: { amount: '1000', targetAmount: '11000' } }),
    ).toBe('Raised by $1,000.00 to $11,000.00');
    expect(actionLabel('ADD_CASH')).toBe('Cash added');
    expect(describeEntry({ actionType: 'ADD_CASH', details: { amount: '1384' } })).toBe(
      'Added $1,384.00 to reach the target',
    );
    expect(describeEntry({ actionType: 'TOGGLE_FRACTIONAL', details: { to: true } })).toBe('Turned on');
    expect(describeEntry({ actionType: 'CHANGE_NUMBER_OF_WEIGHTINGS', details: { from: 5, to: 3 } })).toBe(
      '5 → 3',
    );
    expect(describeEntry({ actionType: 'CHANGE_LOT_METHOD', details: { from: 'HIFO', to: 'FIFO' } })).toBe(
      'HIFO → FIFO',
    );
    expect(actionLabel('CHANGE_LOT_METHOD')).toBe('Lot method');
    expect(actionLabel('SET_TAX_BUDGET')).toBe('Gains budget');
    expect(
      describeEntry({
        actionType: 'SET_TAX_BUDGET',
        details: { taxBudget: { year: 2026, maxNetGain: '5000.00', allowShortTermGains: false } },
      }),
    ).toBe('2026: at most $5,000.00 of net gains, no short-term gains');
    expect(
      describeEntry({
        actionType: 'SET_TAX_BUDGET',
        details: { taxBudget: { year: 2027, maxNetGain: null, allowShortTermGains: true } },
      }),
    ).toBe('2027: no limit on net gains');
    expect(
      describeEntry({
        actionType: 'EXCLUDE_HOLDINGS',
        details: { symbols: ['AAPL', 'XOM'], sectors: ['Energy'], mode: 'keep' },
      }),
    ).toBe('Excluded AAPL, XOM and the Energy sector (held shares kept)');
    expect(describeEntry({ actionType: 'INCLUDE_HOLDINGS', details: { symbols: ['AAPL'] } })).toBe(
      'Took back AAPL',
    );
    // Issue 30: a screen is recorded as its industries.
    expect(
      describeEntry({
        actionType: 'EXCLUDE_HOLDINGS',
        details: { symbols: [], sectors: [], industries: ['Casinos & Gaming', 'Tobacco'], mode: 'sell' },
      }),
    ).toBe('Excluded the Casinos & Gaming industry and the Tobacco industry');
    const drift = (details: object) => describeEntry({ actionType: 'CHANGE_DRIFT_ALERT', details });
    expect(drift({ from: true, to: true, thresholdPoints: '3.5' })).toBe(
      'Threshold: 3.5 points below the last rate',
    );
    expect(drift({ from: false, to: true, thresholdPoints: '1' })).toBe(
      'Turned on: 1 point below the last rate',
    );
    expect(drift({ from: true, to: false, thresholdPoints: '2' })).toBe('Turned off');
    expect(actionLabel('CHANGE_DRIFT_ALERT')).toBe('Drift alert');
    expect(
      describeEntry({
        actionType: 'DRIFT_ALERT',
        details: { referenceRate: '47.657255', currentRate: '46.481' },
      }),
    ).toBe('Rate 47.66% → 46.48% after new prices');
    expect(describeEntry({ actionType: 'DRIFT_ALERT', details: { currentRate: '46.481' } })).toBe(
      'Rate 46.48% after new prices',
    );
    expect(actionLabel('DRIFT_ALERT')).toBe('Drift alert raised');
  });

  it('names the index before and after a ChangeIndex, and what its revert undid (issue 30)', () => {
    const entry = {
      actionType: 'CHANGE_INDEX',
      details: { from: '70 % VTI + 30 % QQQ', to: 'My list (3 stocks)' },
    };
    expect(actionLabel(entry.actionType)).toBe('Index changed');
    expect(describeEntry(entry)).toBe('70 % VTI + 30 % QQQ → My list (3 stocks)');
    expect(describeEntry({ actionType: 'REVERT', details: { revertsActionId: 'a1' } }, entry)).toBe(
      'Undid index changed: 70 % VTI + 30 % QQQ → My list (3 stocks)',
    );
  });

  it('describes an import of broker positions', () => {
    expect(
      describeEntry({ actionType: 'IMPORT_POSITIONS', details: { lots: 3, stocks: 2, amount: '1234.5' } }),
    ).toBe('3 lots of 2 stocks, worth $1,234.50');
    expect(
      describeEntry({ actionType: 'IMPORT_POSITIONS', details: { lots: 1, stocks: 1, amount: '10' } }),
    ).toBe('1 lot of 1 stock, worth $10.00');
    expect(actionLabel('IMPORT_POSITIONS')).toBe('Positions imported');
  });

  it('names known and unknown action types', () => {
    expect(actionLabel('EXECUTE_ORDER')).toBe('Order executed');
    expect(actionLabel('SOMETHING_NEW')).toBe('Something new');
  });

  it('says what a corporate action did to the shares', () => {
    const corporateAction = (
      type: 'SPLIT' | 'RENAME' | 'SPINOFF',
      toSymbol: string | null,
      ratio: string,
      after: string,
    ) => ({
      type,
      toSymbol,
      ratio,
      basisFraction: type === 'SPINOFF' ? '0.25' : null,
      effectiveOn: '2025-11-17',
      sharesBefore: '3',
      sharesAfter: after,
    });
    expect(
      describeEntry({
        actionType: 'CORPORATE_ACTION',
        details: { symbol: 'NFLX', corporateAction: corporateAction('SPLIT', null, '10', '30') },
      }),
    ).toBe('Split 10-for-1 applied to NFLX: 3 → 30 shares');
    expect(
      describeEntry({
        actionType: 'CORPORATE_ACTION',
        details: { symbol: 'XYZ', corporateAction: corporateAction('SPLIT', null, '0.1', '0.3') },
      }),
    ).toBe('Split 1-for-10 applied to XYZ: 3 → 0.3 shares');
    expect(
      describeEntry({
        actionType: 'CORPORATE_ACTION',
        details: { symbol: 'FB', corporateAction: corporateAction('RENAME', 'META', '1', '3') },
      }),
    ).toBe('FB renamed META: 3 shares');
    expect(actionLabel('CORPORATE_ACTION')).toBe('Corporate action');
  });
});
