import { dec, evolve, initialState, type Tracking, type TrackingEvent } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { decodeTrackingState, encodeTrackingState, TRACKING_STATE_CODEC } from './tracking-state-codec';

const at = '2026-01-05T10:00:00.000Z';
const events: TrackingEvent[] = [
  {
    id: 'e1',
    type: 'TrackingCreated',
    data: {
      trackingId: 't-1',
      userId: 'u-1',
      symbol: 'QQQ',
      targetAmount: '5000',
      fractionalShares: true,
      autoTracking: false,
      numberOfWeightings: 10,
      occurredAt: at,
    },
  } as TrackingEvent,
  {
    id: 'e2',
    type: 'OrderExecuted',
    data: {
      symbol: 'AAPL',
      orderType: 'BUY',
      shares: '2.5',
      price: '200.10',
      amount: '500.25',
      occurredAt: at,
    },
  } as TrackingEvent,
  {
    id: 'e3',
    type: 'DriftAlertSettingsChanged',
    data: {
      enabled: false,
      thresholdPoints: '3.5',
      previousEnabled: true,
      previousThresholdPoints: '2',
      occurredAt: at,
    },
  } as TrackingEvent,
];
const folded = () => {
  const state = events.reduce(evolve, initialState());
  if (state.status === 'Empty') throw new Error('not created');
  return state;
};

/** The state with its lists and maps as plain arrays and Maps (the fold keeps persistent structures). */
const plain = (state: Exclude<Tracking, { status: 'Empty' }>) => ({
  ...state,
  positions: new Map(state.positions),
  lastPrices: new Map(state.lastPrices),
  lots: [...state.lots],
  actions: [...state.actions],
});

describe('The stored tracking state', () => {
  it('round-trips through JSON without the history, carrying its codec version', () => {
    const json = JSON.parse(JSON.stringify(encodeTrackingState(folded(), { withHistory: false })));
    expect(json.codec).toBe(TRACKING_STATE_CODEC);
    const decoded = decodeTrackingState(json);
    expect(decoded.positions.get('AAPL')?.equals(dec('2.5'))).toBe(true);
    expect(decoded.cash.equals(folded().cash)).toBe(true);
    expect(decoded.lastPrices.get('AAPL')?.toFixed()).toBe('200.1');
    expect(decoded.actions).toHaveLength(0);
    expect(decoded.driftAlert).toEqual({ enabled: false, thresholdPoints: '3.5' });
  });

  it('refuses a codec 2 row without the drift alert setting', () => {
    const { driftAlert: _driftAlert, ...older } = encodeTrackingState(folded());
    expect(() => decodeTrackingState({ ...older, codec: 2 })).toThrow();
  });

  it('keeps the open lots, the lot method and (with the history) what each order did to the lots', () => {
    const sold: TrackingEvent = {
      id: 'e3',
      type: 'OrderExecuted',
      data: {
        symbol: 'AAPL',
        orderType: 'SELL',
        shares: '1',
        price: '210',
        amount: '210',
        occurredAt: at,
        lots: [{ lotId: 'e2', shares: '1', costPerShare: '200.1', acquiredAt: at }],
      },
    };
    const changed: TrackingEvent = {
      id: 'e4',
      type: 'LotMethodChanged',
      data: { lotMethod: 'FIFO', previousLotMethod: 'HIFO', occurredAt: at },
    };
    const state = [sold, changed].reduce(evolve, folded());
    if (state.status === 'Empty') throw new Error('not created');
    const decoded = decodeTrackingState(JSON.parse(JSON.stringify(encodeTrackingState(state))));
    expect(plain(decoded)).toEqual(plain(state));
    expect(decoded.settings.lotMethod).toBe('FIFO');
    expect(decoded.lots.map((lot) => [lot.lotId, lot.shares.toFixed(), lot.costPerShare.toFixed()])).toEqual([
      ['e2', '1.5', '200.1'],
    ]);
  });

  it('keeps the substitutions a harvest left (codec 5), and which orders belong to the harvest', () => {
    const sell: TrackingEvent = {
      id: 'e5',
      type: 'OrderExecuted',
      data: {
        symbol: 'AAPL',
        orderType: 'SELL',
        shares: '2.5',
        price: '150',
        amount: '375',
        occurredAt: at,
        lots: [{ lotId: 'e2', shares: '2.5', costPerShare: '200.1', acquiredAt: at }],
        harvestId: 'h1',
      },
    };
    const buy: TrackingEvent = {
      id: 'e6',
      type: 'OrderExecuted',
      data: {
        symbol: 'MSFT',
        orderType: 'BUY',
        shares: '0.75',
        price: '500',
        amount: '375',
        occurredAt: at,
        harvestId: 'h1',
      },
    };
    const harvest: TrackingEvent = {
      id: 'h1',
      type: 'HarvestRecorded',
      data: {
        symbol: 'AAPL',
        replacement: 'MSFT',
        sellOrderId: 'e5',
        buyOrderId: 'e6',
        realisedLoss: '125.25',
        shortTermLoss: '125.25',
        longTermLoss: '0.00',
        harvestedAt: '2026-01-05',
        windowEndsAt: '2026-02-04',
        occurredAt: at,
      },
    };
    const state = [sell, buy, harvest].reduce(evolve, folded());
    if (state.status === 'Empty') throw new Error('not created');
    const decoded = decodeTrackingState(JSON.parse(JSON.stringify(encodeTrackingState(state))));
    expect(plain(decoded)).toEqual(plain(state));
    expect(decoded.substitutions).toEqual([
      { harvestId: 'h1', symbol: 'AAPL', replacement: 'MSFT', harvestedAt: '2026-01-05', kept: false },
    ]);
    expect(
      decoded.actions.filter((action) => action.harvestId === 'h1').map((action) => action.type),
    ).toEqual(['EXECUTE_ORDER', 'EXECUTE_ORDER', 'HARVEST']);
  });

  it('refuses a row in another shape (start-up rebuilds those before anything reads them)', () => {
    const { codec: _codec, ...unversioned } = encodeTrackingState(folded());
    expect(() => decodeTrackingState(unversioned)).toThrow();
    expect(() => decodeTrackingState({ ...unversioned, codec: TRACKING_STATE_CODEC - 1 })).toThrow();
  });

  it('keeps the index and what a revert of its change restores (codec 8, issue 30)', () => {
    const blend = {
      type: 'blend' as const,
      parts: [
        { symbol: 'VTI', weight: '70' },
        { symbol: 'QQQ', weight: '30' },
      ],
    };
    const changed = {
      id: 'e4',
      type: 'IndexChanged',
      data: { index: blend, previous: { type: 'etf', symbol: 'QQQ' }, occurredAt: at },
    } as TrackingEvent;
    const state = evolve(folded(), changed);
    if (state.status === 'Empty') throw new Error('not created');
    const decoded = decodeTrackingState(JSON.parse(JSON.stringify(encodeTrackingState(state))));
    expect(decoded.index).toEqual(blend);
    expect(decoded.symbol).toBe('VTI');
    expect(decoded.actions.at(-1)?.indexBefore).toEqual({ type: 'etf', symbol: 'QQQ' });
    // An ETF tracking stores no index at all: its rows are as before.
    expect(encodeTrackingState(folded())).not.toHaveProperty('index');
  });
});
