import { describe, expect, it } from 'vitest';
import { readableReason, readFillRefusal } from './fill-refusal';

describe('readFillRefusal', () => {
  it('places a batch refusal on the order and field it names', () => {
    expect(
      readFillRefusal('Order 2 (SELL 5 MSFT): Lot e1:1 was acquired after the trade date 2026-11-02', 3),
    ).toEqual({
      message: 'Order 2 (SELL 5 MSFT): Lot e1:1 was acquired after the trade date 2026-11-02',
      reason: 'Lot e1:1 was acquired after the trade date 2026-11-02',
      index: 1,
      field: 'lots',
    });
  });

  it('places a single order refusal on that order', () => {
    expect(readFillRefusal('The price must be a number greater than 0', 1)).toMatchObject({
      index: 0,
      field: 'price',
    });
    expect(readFillRefusal('Only 2 AAPL shares were held on 2026-11-02.', 1)).toMatchObject({
      index: 0,
      field: 'tradeDate',
    });
    expect(readFillRefusal('The execution time cannot be before the tracking was created', 1)).toMatchObject({
      index: 0,
      field: 'tradeDate',
    });
  });

  it('keeps a reason about no field, or no order, at the top only', () => {
    expect(readFillRefusal('You cannot sell more than 2 shares', 1)).toEqual({
      message: 'You cannot sell more than 2 shares',
      reason: 'You cannot sell more than 2 shares',
      index: 0,
    });
    expect(readFillRefusal('This tracking changed in another window', 2)).toEqual({
      message: 'This tracking changed in another window',
      reason: 'This tracking changed in another window',
    });
  });
});

describe('readableReason', () => {
  it('names a lot by its date, not its id, and writes dates as in a sentence', () => {
    const lots = [{ lotId: 'e1:2', shares: '3', costPerShare: '10', acquiredAt: '2026-11-18T15:00:00.000Z' }];
    expect(
      readableReason(
        "Lot e1:2 of NVDA was acquired on 2026-11-18, after this sale's trade date 2026-11-17.",
        lots,
      ),
    ).toBe(
      "The lot of Nov 18, 2026 of NVDA was acquired on Nov 18, 2026, after this sale's trade date Nov 17, 2026.",
    );
  });
});
