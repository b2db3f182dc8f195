import { describe, expect, it } from 'vitest';
import { describeEvent } from './describe-event';

describe('describeEvent', () => {
  it('says what each tracking event did', () => {
    expect(
      describeEvent('OrderExecuted', { orderType: 'BUY', shares: '3', symbol: 'AAPL', price: '189.5' }),
    ).toBe('BUY 3 AAPL @ $189.50');
    expect(
      describeEvent('OrderExecuted', {
        orderType: 'SELL',
        shares: '1',
        symbol: 'AAPL',
        price: '189.5',
        fillPrice: '190',
      }),
    ).toBe('SELL 1 AAPL @ $190.00');
    expect(describeEvent('LotMethodChanged', { lotMethod: 'FIFO', previousLotMethod: 'HIFO' })).toBe(
      'Lot method HIFO → FIFO',
    );
    expect(
      describeEvent('TaxBudgetSet', {
        taxBudget: { year: 2026, maxNetGain: '0.00', allowShortTermGains: false },
        previous: null,
      }),
    ).toBe('Gains budget 2026: at most $0.00, no short-term gains');
    expect(
      describeEvent('HoldingsExcluded', {
        symbols: ['AAPL'],
        sectors: ['Energy'],
        mode: 'keep',
        previous: {},
      }),
    ).toBe('Excluded AAPL, sector Energy (keep held shares)');
    expect(describeEvent('HoldingsIncluded', { symbols: ['AAPL'], sectors: [], previous: {} })).toBe(
      'Took back AAPL',
    );
    expect(describeEvent('TrackingCreated', { symbol: 'VOO', targetAmount: '10000.00' })).toBe(
      'Created VOO tracking with target $10,000.00',
    );
    expect(describeEvent('TargetRaised', { amount: '5', targetAmount: '15', buyOnly: true })).toBe(
      'Raised target by $5.00 to $15.00 (buy only)',
    );
    expect(describeEvent('FractionalSharesToggled', { fractionalShares: true })).toBe('Fractional shares on');
    expect(
      describeEvent('NumberOfWeightingsChanged', { numberOfWeightings: 8, previousNumberOfWeightings: 5 }),
    ).toBe('Weightings 5 → 8');
    expect(describeEvent('ActionReverted', { actionType: 'EXECUTE_ORDER' })).toBe('Reverted EXECUTE_ORDER');
    expect(describeEvent('DriftAlertSettingsChanged', { enabled: true, thresholdPoints: '1.5' })).toBe(
      'Drift alert on, 1.5 points',
    );
    expect(describeEvent('DriftAlertSettingsChanged', { enabled: false, thresholdPoints: '2' })).toBe(
      'Drift alert off',
    );
    expect(describeEvent('DriftAlertRaised', { referenceRate: '47.65', currentRate: '45.1' })).toBe(
      'Drift alert: rate 47.65% → 45.10%',
    );
    expect(describeEvent('DriftRecovered', { currentRate: '47' })).toBe('Drift recovered: rate 47.00%');
    expect(describeEvent('PositionsImported', { lots: [{}, {}], source: 'schwab', amount: '100' })).toBe(
      'Imported 2 lots from schwab worth $100.00',
    );
  });

  it('says what a corporate action did', () => {
    expect(
      describeEvent('CorporateActionApplied', {
        type: 'SPLIT',
        symbol: 'NFLX',
        ratio: '10',
        effectiveOn: '2025-11-17',
      }),
    ).toBe('Split 10-for-1 of NFLX applied, effective 2025-11-17');
    expect(
      describeEvent('CorporateActionRecorded', {
        type: 'RENAME',
        symbol: 'FB',
        toSymbol: 'META',
        ratio: '1',
        effectiveOn: '2022-06-09',
        source: 'ADMIN',
      }),
    ).toBe('FB renamed META recorded (admin), effective 2022-06-09');
  });

  it('falls back to the type for anything else, even without data', () => {
    expect(describeEvent('SomethingNew', null)).toBe('SomethingNew');
    expect(describeEvent('OrderExecuted', 'not an object')).toBe('OrderExecuted');
  });
});
