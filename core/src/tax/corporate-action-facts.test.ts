import { describe, expect, it } from 'vitest';
import { nflxSplit } from '../testing/corporate-action-fixtures';
import { at, created, event } from '../testing/tracking-fixtures';
import { decide } from '../tracking/decide';
import type { OrderExecuted, TrackingEvent } from '../tracking/events';
import { evolve, initialState, type Tracking } from '../tracking/state';
import { buildLedger } from './ledger';
import { ledgerFactsOf } from './ledger-facts';

const buyNflx = event<OrderExecuted>(1, 'OrderExecuted', {
  symbol: 'NFLX',
  orderType: 'BUY',
  shares: '3',
  price: '1089',
  amount: '3267.00',
  executedAt: '2025-10-30',
});
const fold = (events: readonly TrackingEvent[]): Tracking => events.reduce(evolve, initialState());
const split = (state: Tracking) =>
  decide(
    {
      type: 'ApplyCorporateAction',
      data: nflxSplit(),
      metadata: { now: new Date(at(2)), eventId: 'evt-2' },
    },
    state,
  );

describe('Corporate actions in the tax ledger', () => {
  const history = [created({ fractionalShares: true }), buyNflx];
  const applied = [...history, ...split(fold(history))];

  it('the applied NFLX split is a CORPORATE_ACTION fact, and the ledger lot agrees with the tracking lot', () => {
    const facts = ledgerFactsOf('trk-1', applied);
    expect(facts.map((fact) => fact.kind)).toEqual(['ACQUIRE', 'CORPORATE_ACTION']);
    expect(facts[1]).toMatchObject({
      actionId: 'ca-nflx',
      action: 'SPLIT',
      symbol: 'NFLX',
      effectiveOn: '2025-11-17',
    });
    // 3 × 10 = 30 shares, basis 3 × 1,089 = 3,267, held from 2025-10-30: the same as the tracking's lot.
    const ledger = buildLedger(facts);
    expect(
      ledger.openLots.map((lot) => [
        lot.symbol,
        lot.shares.toFixed(),
        lot.basis?.toFixed(),
        lot.holdingStart,
      ]),
    ).toEqual([['NFLX', '30', '3267', '2025-10-30']]);
    const state = fold(applied);
    if (state.status !== 'Active') throw new Error('expected an active tracking');
    expect(
      state.lots.map((lot) => [lot.symbol, lot.shares.toFixed(), lot.shares.mul(lot.costPerShare).toFixed()]),
    ).toEqual([['NFLX', '30', '3267']]);
  });

  it('a reverted corporate action leaves no fact', () => {
    const state = fold(applied);
    const revert = decide(
      {
        type: 'RevertAction',
        data: { actionId: 'evt-2' },
        metadata: { now: new Date(at(3)), eventId: 'evt-3', actorUserId: 'user-1' },
      },
      state,
    );
    expect(ledgerFactsOf('trk-1', [...applied, ...revert]).map((fact) => fact.kind)).toEqual(['ACQUIRE']);
  });
});
