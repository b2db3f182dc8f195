import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../tax/ledger';
import { ledgerFactsOf } from '../../tax/ledger-facts';
import { nflxSplit } from '../../testing/corporate-action-fixtures';
import { at, buyOrder, created } from '../../testing/tracking-fixtures';
import { decide } from '../decide';
import type { TrackingEvent } from '../events';
import { evolve, initialState, type Tracking } from '../state';
import { backdatedBuys, followRecordedActions, type RecordedAction } from './backdated-buys';

const NFLX_SPLIT = nflxSplit();
const DD_SPINOFF: RecordedAction = {
  actionId: 'ca-dd',
  type: 'SPINOFF',
  symbol: 'DD',
  toSymbol: 'Q',
  ratio: '0.5',
  basisFraction: '0.25',
  effectiveOn: '2025-11-01',
};
// Recorded on 2026-01-01 (the fixtures' clock): every action above is effective by then.
const TODAY = '2026-01-01';

const fold = (events: readonly TrackingEvent[]): Tracking => events.reduce(evolve, initialState());
const active = (state: Tracking) => {
  if (state.status !== 'Active') throw new Error('expected an active tracking');
  return state;
};
const lotsOf = (state: Tracking) =>
  active(state).lots.map((lot) => [
    lot.lotId,
    lot.symbol,
    lot.shares.toFixed(),
    lot.costPerShare.toFixed(),
    lot.shares.mul(lot.costPerShare).toFixed(),
    lot.acquiredAt,
  ]);
/** The application when the action is recorded: every live tracking, no lot ids. */
const applyOnRecord = (state: Tracking, n: number, action: RecordedAction) =>
  decide(
    { type: 'ApplyCorporateAction', data: action, metadata: { now: new Date(at(n)), eventId: `evt-${n}` } },
    state,
  );
const eventIdOf = (actionId: string, lotIds: string[]) => ['applied', actionId, ...lotIds].join('/');
const follow = (state: Tracking, events: readonly TrackingEvent[], actions: readonly RecordedAction[]) =>
  followRecordedActions(state, backdatedBuys(events, TODAY), actions, {
    now: new Date(at(99)),
    today: TODAY,
    eventIdOf,
  });

describe('A BUY recorded after a split it predates', () => {
  // 2 NFLX @ $1,089.00 bought Oct 30 and split when the 10-for-1 was recorded: 20 @ $108.90, basis $2,178.00.
  const history: TrackingEvent[] = [
    created({ fractionalShares: true }),
    buyOrder(1, 'NFLX', '2', '1089', '2025-10-30'),
  ];
  history.push(...applyOnRecord(fold(history), 2, NFLX_SPLIT));
  const split = fold(history);

  it('1 share @ $1,089.00 on 2025-10-30 becomes 10 @ $108.90, basis $1,089.00, date kept; only that lot', () => {
    // 1 × 10 = 10 shares; 1,089.00 ÷ 10 = 108.90 per share; 10 × 108.90 = 1,089.00 (the basis paid).
    const order = buyOrder(3, 'NFLX', '1', '1089', '2025-10-30');
    const after = evolve(split, order);
    const applied = follow(after, [order], [NFLX_SPLIT]);
    expect(applied.map((e) => [e.id, e.type, e.data.lotsBefore.map((lot) => lot.lotId)])).toEqual([
      ['applied/ca-nflx/evt-3', 'CorporateActionApplied', ['evt-3']],
    ]);
    const state = applied.reduce(evolve, after);
    expect(lotsOf(state)).toEqual([
      ['evt-1', 'NFLX', '20', '108.9', '2178', '2025-10-30'],
      ['evt-3', 'NFLX', '10', '108.9', '1089', '2025-10-30'],
    ]);
    // 20 + 10 = 30 shares; cash 10,000 − 2,178 − 1,089 = 6,733 (the split moves no cash).
    expect(active(state).positions.get('NFLX')?.toFixed()).toBe('30');
    expect(active(state).cash.toFixed()).toBe('6733');
    // Applying it again (a retried request) adds nothing.
    expect(follow(state, [order], [NFLX_SPLIT])).toEqual([]);
  });

  it('the ledger splits each lot once: 20 + 10 shares, basis $2,178.00 + $1,089.00', () => {
    const order = buyOrder(3, 'NFLX', '1', '1089', '2025-10-30');
    const events = [...history, order, ...follow(evolve(split, order), [order], [NFLX_SPLIT])];
    const ledger = buildLedger(ledgerFactsOf('trk-1', events));
    expect(ledger.openLots.map((l) => [l.lotId, l.shares.toFixed(), l.basis?.toFixed()])).toEqual([
      ['evt-1', '20', '2178'],
      ['evt-3', '10', '1089'],
    ]);
  });

  it('leaves a BUY dated on or after the effective date, and an action not yet effective, alone', () => {
    // Nov 17 is the ex-date: shares bought that day are already split shares.
    const onDate = buyOrder(3, 'NFLX', '5', '110', '2025-11-17');
    expect(follow(evolve(split, onDate), [onDate], [NFLX_SPLIT])).toEqual([]);
    const early = buyOrder(3, 'NFLX', '1', '1089', '2025-10-30');
    const future = { ...NFLX_SPLIT, actionId: 'ca-future', effectiveOn: '2026-02-01' };
    expect(follow(evolve(split, early), [early], [future])).toEqual([]);
  });

  it('the application when an action is recorded does nothing more in a tracking that had it', () => {
    // A lot opened since (here a BUY; in life an import of adjusted shares) is not split by a repeated record.
    const after = evolve(split, buyOrder(3, 'NFLX', '1', '1089', '2025-10-30'));
    expect(applyOnRecord(after, 4, NFLX_SPLIT)).toEqual([]);
  });

  it('reverting the automatic application restores the lot exactly; it is not applied again', () => {
    const order = buyOrder(3, 'NFLX', '1', '1089', '2025-10-30');
    const before = evolve(split, order);
    const [applied] = follow(before, [order], [NFLX_SPLIT]);
    if (!applied) throw new Error('expected an application');
    const after = evolve(before, applied);
    const reverts = decide(
      {
        type: 'RevertAction',
        data: { actionId: applied.id },
        metadata: { now: new Date(at(5)), eventId: 'evt-5', actorUserId: 'user-1' },
      },
      after,
    );
    const reverted = reverts.reduce(evolve, after);
    expect(lotsOf(reverted)).toEqual(lotsOf(before));
    expect([...active(reverted).positions]).toEqual([...active(before).positions]);
    expect(follow(reverted, [order], [NFLX_SPLIT])).toEqual([]);
  });
});

describe('A BUY recorded after a spin-off it predates', () => {
  it('opens the new stock with the allocated basis for that lot only', () => {
    // 4 DD @ $80 held when the spin-off was recorded; then 10 DD @ $80 dated Oct 30 recorded.
    // New lot: basis 10 × 80 = 800; DD keeps 800 × 0.75 = 600 ($60/share); Q: 10 × 0.5 = 5 shares with
    // 800 × 0.25 = 200 ($40/share). The first lot (4 DD: $240 kept, 2 Q with $80) is not touched again.
    const history: TrackingEvent[] = [
      created({ fractionalShares: true }),
      buyOrder(1, 'DD', '4', '80', '2025-10-30'),
    ];
    history.push(...applyOnRecord(fold(history), 2, DD_SPINOFF));
    const order = buyOrder(3, 'DD', '10', '80', '2025-10-30');
    const before = evolve(fold(history), order);
    const state = follow(before, [order], [DD_SPINOFF]).reduce(evolve, before);
    expect(lotsOf(state).map(([id, symbol, shares, , basis]) => [id, symbol, shares, basis])).toEqual([
      ['evt-1', 'DD', '4', '240'],
      ['evt-1:ca-dd', 'Q', '2', '80'],
      ['evt-3', 'DD', '10', '600'],
      ['evt-3:ca-dd', 'Q', '5', '200'],
    ]);
  });

  it('follows a later split of the new stock too, and actions in effective-date order', () => {
    // 10 DD bought Oct 30, recorded after both a DD spin-off (Nov 1) and a 2-for-1 of Q (Dec 1):
    // Q: 5 shares with $200 → split → 10 shares with $200 ($20/share).
    const qSplit: RecordedAction = {
      ...NFLX_SPLIT,
      actionId: 'ca-q',
      symbol: 'Q',
      ratio: '2',
      effectiveOn: '2025-12-01',
    };
    const order = buyOrder(1, 'DD', '10', '80', '2025-10-30');
    const before = evolve(fold([created({ fractionalShares: true })]), order);
    const applied = follow(before, [order], [qSplit, DD_SPINOFF]);
    expect(applied.map((e) => e.data.actionId)).toEqual(['ca-dd', 'ca-q']);
    const state = applied.reduce(evolve, before);
    expect(lotsOf(state).find(([id]) => id === 'evt-1:ca-dd')).toEqual([
      'evt-1:ca-dd',
      'Q',
      '10',
      '20',
      '200',
      '2025-10-30',
    ]);
  });
});
