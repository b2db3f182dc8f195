import { describe, expect, it } from 'vitest';
import { snapshotPricesAsOf, type TrackingSnapshot } from './derive-tracking-view';

const snapshot = (holdings: TrackingSnapshot['holdings']): TrackingSnapshot => ({
  symbol: 'VOO',
  eventId: 'evt-1',
  asOf: '2025-11-19',
  holdings,
});

describe('snapshotPricesAsOf (issue 15: the closes have their own date, not the holdings date)', () => {
  it('spans the oldest to the newest close among priced holdings', () => {
    expect(
      snapshotPricesAsOf(
        snapshot([
          { symbol: 'AAPL', weightPercentage: '7', price: '270.10', priceAsOf: '2025-10-30' },
          { symbol: 'MSFT', weightPercentage: '6', price: '500.00', priceAsOf: '2025-10-28' },
          { symbol: 'GONE', weightPercentage: '1', price: null, priceAsOf: '2025-01-01' },
        ]),
      ),
    ).toEqual({ from: '2025-10-28', to: '2025-10-30' });
  });

  it('says nothing rather than borrowing the holdings date when the closes are undated', () => {
    expect(
      snapshotPricesAsOf(snapshot([{ symbol: 'AAPL', weightPercentage: '7', price: '270.10' }])),
    ).toBeNull();
    expect(snapshotPricesAsOf(undefined)).toBeNull();
  });
});
