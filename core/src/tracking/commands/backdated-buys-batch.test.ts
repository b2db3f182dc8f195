import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../tax/ledger';
import { ledgerFactsOf } from '../../tax/ledger-facts';
import { nflxSplit } from '../../testing/corporate-action-fixtures';
import { command, created } from '../../testing/tracking-fixtures';
import type {
  CreateTracking,
  ExecuteOrder,
  ExecuteOrders,
  HarvestLosses,
  TrackingCommand,
} from '../commands';
import { decide } from '../decide';
import type { TrackingEvent } from '../events';
import { evolve, initialState, type Tracking } from '../state';
import { type ActionsToFollow, decideFollowingActions, holdsBackdatedBuy } from './backdated-buys';

/*
 * Issue 32: in one batch (or one request), a BUY dated before a recorded split is split right after it, so a later
 * SELL of the same stock is decided against the split lot, not the unsplit one.
 */

const TODAY = '2026-01-01'; // the fixtures' clock: at(n) is 2026-01-01 12:00:n UTC
const FOLLOW: ActionsToFollow = {
  actions: [nflxSplit()],
  today: TODAY,
  eventIdOf: (actionId, lotIds) => ['applied', actionId, ...lotIds].join('/'),
};
const BUY = {
  symbol: 'NFLX',
  orderType: 'BUY',
  shares: '1',
  price: '1089.00',
  executedAt: '2025-10-30',
} as const;
const sell = (shares: string) =>
  ({ symbol: 'NFLX', orderType: 'SELL', shares, price: '114.09', executedAt: '2025-11-20' }) as const;
/** The batch [BUY 1 @ $1,089.00 on Oct 30, SELL `shares` @ $114.09 on Nov 20]. */
const buyThenSell = (shares: string) =>
  command<ExecuteOrders>(
    'ExecuteOrders',
    {
      orders: [
        { ...BUY, eventId: 'buy-1' },
        { ...sell(shares), eventId: 'sell-1' },
      ],
    },
    5,
  );

// Created Oct 1, 2025 with $10,000 and fractional shares: fills may be dated Oct 30.
const start: Tracking = evolve(
  initialState(),
  created({ fractionalShares: true, occurredAt: '2025-10-01T15:00:00.000Z' }),
);
const active = (state: Tracking) => {
  if (state.status !== 'Active') throw new Error('expected an active tracking');
  return state;
};
const batch = (orders: ExecuteOrders['data']['orders'][number][]) =>
  command<ExecuteOrders>('ExecuteOrders', { orders }, 5);
const ledgerOf = (events: readonly TrackingEvent[]) =>
  buildLedger(ledgerFactsOf('trk-1', [created({ fractionalShares: true }), ...events]));

describe('A batch with a backdated BUY and a later SELL across a recorded split', () => {
  it('BUY 1 @ $1,089.00 Oct 30 + SELL 5 @ $114.09 Nov 20: the SELL closes 5 of the 10 split shares', () => {
    // The BUY's lot: 1 × 10 = 10 shares at 1,089.00 ÷ 10 = $108.90 (basis $1,089.00), split before the SELL.
    // The SELL closes 5 of them: proceeds 5 × 114.09 = 570.45, basis 5 × 108.90 = 544.50,
    // realised gain 570.45 − 544.50 = 5 × (114.09 − 108.90) = $25.95. Left: 5 shares, basis $544.50.
    const events = decideFollowingActions(buyThenSell('5'), start, FOLLOW);
    expect(events.map((event) => [event.id, event.type])).toEqual([
      ['buy-1', 'OrderExecuted'],
      ['applied/ca-nflx/buy-1', 'CorporateActionApplied'],
      ['sell-1', 'OrderExecuted'],
    ]);
    const sale = events[2];
    expect(sale?.type === 'OrderExecuted' && sale.data.lots).toEqual([
      { lotId: 'buy-1', shares: '5', costPerShare: '108.9', acquiredAt: '2025-10-30' },
    ]);
    const state = active(events.reduce(evolve, start));
    expect(state.lots.map((lot) => [lot.lotId, lot.shares.toFixed(), lot.costPerShare.toFixed()])).toEqual([
      ['buy-1', '5', '108.9'],
    ]);
    // Cash: 10,000 − 1,089.00 + 570.45 = 9,481.45.
    expect(state.cash.toFixed()).toBe('9481.45');
    const ledger = ledgerOf(events);
    expect(
      ledger.closedRows.map((row) => [row.shares, row.proceeds, row.basis, row.gain].map(String)),
    ).toEqual([['5', '570.45', '544.5', '25.95']]);
    expect(ledger.openLots.map((lot) => [lot.shares.toFixed(), lot.basis?.toFixed()])).toEqual([
      ['5', '544.5'],
    ]);
  });

  it('BUY 1 Oct 30 + SELL 0.5 Nov 20 closes half a split share, not half a pre-split one (no fake loss)', () => {
    // 0.5 of the 10 shares @ $108.90: basis 0.5 × 108.90 = 54.45; proceeds 0.5 × 114.09 = 57.045;
    // gain 57.045 − 54.45 = 0.5 × 5.19 = $2.595 (the defect: basis $544.50, a loss of $487.455).
    const events = decideFollowingActions(buyThenSell('0.5'), start, FOLLOW);
    const [row] = ledgerOf(events).closedRows;
    expect([row?.shares, row?.proceeds, row?.basis, row?.gain].map(String)).toEqual([
      '0.5',
      '57.045',
      '54.45',
      '2.595',
    ]);
    expect(active(events.reduce(evolve, start)).positions.get('NFLX')?.toFixed()).toBe('9.5');
  });

  it('without the recorded actions the batch is decided as before: the SELL of 5 finds 1 share', () => {
    const command = buyThenSell('5');
    expect(() => decideFollowingActions(command, start, undefined)).toThrow(/more than 1 shares/);
    expect(() => decide(command, start)).toThrow(/more than 1 shares/);
  });

  it('the same across two commands of one request: each followed before the next is decided', () => {
    const buy = decideFollowingActions(command<ExecuteOrder>('ExecuteOrder', BUY, 6), start, FOLLOW);
    expect(buy.map((event) => event.type)).toEqual(['OrderExecuted', 'CorporateActionApplied']);
    const after = buy.reduce(evolve, start);
    const [sale] = decideFollowingActions(command<ExecuteOrder>('ExecuteOrder', sell('5'), 7), after, FOLLOW);
    expect(sale?.type === 'OrderExecuted' && sale.data.lots?.map((lot) => lot.costPerShare)).toEqual([
      '108.9',
    ]);
  });
});

describe('holdsBackdatedBuy: the corporate actions are read only for a BUY dated before today', () => {
  const order = (data: ExecuteOrder['data']): TrackingCommand =>
    command<ExecuteOrder>('ExecuteOrder', data, 1);
  it.each([
    ['a BUY dated Oct 30', order(BUY), true],
    [
      'a BUY dated at an instant of Dec 31 in New York',
      order({ ...BUY, executedAt: '2026-01-01T03:00:00Z' }),
      true,
    ],
    ['a BUY dated today', order({ ...BUY, executedAt: TODAY }), false],
    ['a BUY without a date (now)', order({ ...BUY, executedAt: undefined }), false],
    ['a SELL dated Nov 20', order(sell('1')), false],
    [
      'a batch with one backdated BUY',
      batch([
        { ...sell('1'), eventId: 'a' },
        { ...BUY, eventId: 'b' },
      ]),
      true,
    ],
    [
      'a harvest whose replacement was bought Oct 30',
      command<HarvestLosses>(
        'HarvestLosses',
        { buyFill: { executedAt: '2025-10-30' } } as HarvestLosses['data'],
        1,
      ),
      true,
    ],
    [
      'a tracking created from a broker file (its lots list adjusted shares)',
      command<CreateTracking>('CreateTracking', {} as CreateTracking['data'], 1),
      false,
    ],
  ])('%s', (_, cmd, expected) => expect(holdsBackdatedBuy(cmd, TODAY)).toBe(expected));
});
