import { describe, expect, it } from 'vitest';
import { marketDataMessages, unreplicableReason } from './market-data';

describe('whether a fund can be replicated (issue 32: LEAD was offered with a Replicate button)', () => {
  it('needs a holdings list with at least one priced holding', () => {
    expect(unreplicableReason({ holdingsAvailable: true, holdingsCount: 503, pricedCount: 500 })).toBeNull();
    expect(unreplicableReason({ holdingsAvailable: false, holdingsCount: 0, pricedCount: 0 })).toBe(
      marketDataMessages.noHoldingsList,
    );
    expect(unreplicableReason({ holdingsAvailable: true, holdingsCount: 0, pricedCount: 0 })).toBe(
      marketDataMessages.noHoldingsList,
    );
    expect(unreplicableReason({ holdingsAvailable: true, holdingsCount: 66, pricedCount: 0 })).toBe(
      marketDataMessages.noHoldingPrices,
    );
  });
});
