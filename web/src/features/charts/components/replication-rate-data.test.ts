import type { HistoryEntry } from '@etf-replicator/core/contracts/trackings';
import { describe, expect, it } from 'vitest';
import { replicationRateHistory } from './replication-rate-data';

const holdings = [
  { asset: 'AAA', weightPercentage: '50', price: '100' },
  { asset: 'BBB', weightPercentage: '30', price: '50' },
  { asset: 'CCC', weightPercentage: '20', price: '10' },
];

let clock = 0;
const entry = (actionType: string, details: HistoryEntry['details'], id = `e${clock + 1}`): HistoryEntry => {
  clock += 1;
  return {
    id,
    timestamp: `2026-07-14T10:00:${String(clock).padStart(2, '0')}.000Z`,
    actionType,
    details,
    revertible: true,
    reverted: false,
    revertedBy: null,
  };
};

describe('Replication rate over time', () => {
  it('replays orders and reverts, starting from the empty tracking', () => {
    clock = 0;
    const entries = [
      entry('EXECUTE_ORDER', { orderType: 'BUY', shares: '5', symbol: 'AAA' }),
      entry('EXECUTE_ORDER', { orderType: 'BUY', shares: '6', symbol: 'BBB' }, 'buy-b'),
      entry('REVERT', { orderType: 'BUY', shares: '6', symbol: 'BBB', revertsActionId: 'buy-b' }),
    ];
    const points = replicationRateHistory({
      entries: [...entries].reverse(),
      holdings,
      prices: {},
      targetAmount: '1000',
      numberOfWeightings: 3,
    });
    expect(points.map((point) => point.rate)).toEqual([0, 50, 80, 50]);
    expect(points.map((point) => point.label)).toEqual(['Start', '1', '2', '3']);
  });

  it('walks the target amount back through raises, so early orders are measured against the old target', () => {
    clock = 0;
    const points = replicationRateHistory({
      entries: [
        entry('EXECUTE_ORDER', { orderType: 'BUY', shares: '5', symbol: 'AAA' }),
        entry('RAISE_TARGET', { amount: '1000' }),
      ],
      holdings,
      prices: {},
      targetAmount: '2000',
      numberOfWeightings: 3,
    });
    // 500 of 1000 in AAA fills its 50 % target; after the raise it is 500 of 2000.
    expect(points.map((point) => point.rate)).toEqual([0, 50, 25]);
  });

  it('follows changes of the number of weightings', () => {
    clock = 0;
    const points = replicationRateHistory({
      entries: [
        entry('EXECUTE_ORDER', { orderType: 'BUY', shares: '5', symbol: 'AAA' }),
        entry('CHANGE_NUMBER_OF_WEIGHTINGS', { from: 3, to: 1 }),
      ],
      holdings,
      prices: {},
      targetAmount: '1000',
      numberOfWeightings: 1,
    });
    // Top 1: AAA is the whole target, so 500 of 1000 is 50 %; with 3 weightings it was 50 % too.
    expect(points.map((point) => point.rate)).toEqual([0, 50, 50]);
  });

  it('is 0 without holdings rather than inventing a rate', () => {
    const points = replicationRateHistory({
      entries: [entry('EXECUTE_ORDER', { orderType: 'BUY', shares: '5', symbol: 'AAA' })],
      holdings: [],
      prices: {},
      targetAmount: '1000',
      numberOfWeightings: 3,
    });
    expect(points.map((point) => point.rate)).toEqual([0, 0]);
  });
});
