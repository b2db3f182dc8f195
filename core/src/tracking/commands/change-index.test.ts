import { describe, expect, it } from 'vitest';
import type { IndexDefinition } from '../../indexes/definition';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { command, created, event, OWNER, TRACKING_ID } from '../../testing/tracking-fixtures';
import type { ChangeIndex, CreateTracking, RevertAction } from '../commands';
import { trackingDecider } from '../decider';
import { type IndexChanged, parseTrackingEvent } from '../events';
import { trackingHistory } from '../history';
import { trackingIndex } from '../tracking-index';

const given = DeciderSpecification.for(trackingDecider);
const BLEND: IndexDefinition = {
  type: 'blend',
  parts: [
    { symbol: 'VTI', weight: '70' },
    { symbol: 'QQQ', weight: '30' },
  ],
};
const LIST: IndexDefinition = {
  type: 'custom',
  holdings: [
    { symbol: 'AAPL', weight: '60' },
    { symbol: 'MSFT', weight: '40' },
  ],
};
const change = (index: ChangeIndex['data']['index'], n = 5, plan: ChangeIndex['data']['plan'] = 'STARTER') =>
  command<ChangeIndex>('ChangeIndex', { index, plan }, n);
const changed = (index: IndexDefinition, previous: IndexDefinition, n = 5) =>
  event<IndexChanged>(n, 'IndexChanged', { index, previous });
const create = (index: CreateTracking['data']['index'], plan: CreateTracking['data']['plan'] = 'GROWTH') =>
  command<CreateTracking>(
    'CreateTracking',
    {
      trackingId: TRACKING_ID,
      userId: OWNER,
      symbol: '',
      targetAmount: '10000',
      numberOfWeightings: 10,
      plan,
      existingTrackings: 0,
      numberOfWeightingsCap: 10,
      ...(index ? { index } : {}),
    },
    0,
  );
const refusedWith = (code: string, kind: DomainError['kind']) => (error: unknown) =>
  error instanceof DomainError && error.code === code && error.kind === kind;
const indexOf = (state: ReturnType<ReturnType<ReturnType<typeof given>['when']>['state']>) =>
  state.status === 'Active' ? { index: trackingIndex(state), symbol: state.symbol } : null;

describe('Tracking index (issue 30)', () => {
  it('reads a tracking created before indexes as the ETF it names', () => {
    const state = given([created()]).when(change(BLEND)).state();
    expect(indexOf(state)).toEqual({ index: BLEND, symbol: 'VTI' });
    // A stored v1/v2 TrackingCreated has no index and still parses.
    const { data } = parseTrackingEvent('TrackingCreated', created().data, 2);
    expect('index' in data).toBe(false);
  });

  it('creates a tracking of a blend, recording the index and following its first ETF', () => {
    const run = given([]).when(
      create({
        type: 'blend',
        parts: [
          { symbol: 'vti', weight: 70 },
          { symbol: 'qqq', weight: '30' },
        ],
      }),
    );
    expect(run.events()[0]?.data).toMatchObject({ symbol: 'VTI', index: BLEND });
    expect(indexOf(run.state())).toEqual({ index: BLEND, symbol: 'VTI' });
  });

  it('creates an ETF tracking exactly as before when the index is one ETF', () => {
    const run = given([]).when(create({ type: 'etf', symbol: 'voo' }, null));
    expect(run.events()[0]?.data).not.toHaveProperty('index');
    expect(run.events()[0]?.data).toMatchObject({ symbol: 'VOO' });
  });

  it('refuses blends and custom lists on Free with a 403 naming the plan, on create and on change', () => {
    given([]).when(create(BLEND, null)).thenThrows(refusedWith('INDEX_ABOVE_PLAN', 'forbidden'));
    given([created()])
      .when(change(LIST, 5, null))
      .thenThrows(refusedWith('INDEX_ABOVE_PLAN', 'forbidden'));
    given([created()])
      .when(change(LIST, 5, null))
      .thenThrows((error) => error instanceof Error && error.message.includes('your plan is Free'));
  });

  it('refuses a bad definition with a 400 naming the row, and records nothing', () => {
    const bad = {
      type: 'custom' as const,
      holdings: [
        { symbol: 'AAPL', weight: 50 },
        { symbol: 'MO', weight: 0 },
      ],
    };
    given([created()])
      .when(change(bad))
      .thenThrows(
        (error) =>
          refusedWith('INVALID_INDEX', 'validation')(error) &&
          (error as Error).message === 'Row 2 (MO): the weight must be greater than 0',
      );
  });

  it('records the new index with the previous one; asking for the current index changes nothing', () => {
    given([created()])
      .when(change(BLEND))
      .then(changed(BLEND, { type: 'etf', symbol: 'VOO' }));
    given([created(), changed(BLEND, { type: 'etf', symbol: 'VOO' })])
      .when(
        change(
          {
            type: 'blend',
            parts: [
              { symbol: 'VTI', weight: 70 },
              { symbol: 'QQQ', weight: 30 },
            ],
          },
          6,
        ),
      )
      .thenNothingHappened();
    given([created()])
      .when(change({ type: 'etf', symbol: 'voo' }))
      .thenNothingHappened();
  });

  it('reverts a change: the previous index and stream come back exactly', () => {
    const history = [created(), changed(BLEND, { type: 'etf', symbol: 'VOO' }), changed(LIST, BLEND, 6)];
    const revert = (actionId: string, n: number) => command<RevertAction>('RevertAction', { actionId }, n);
    const run = given(history).when(revert('evt-6', 7));
    expect(run.events()[0]?.data).toMatchObject({
      actionType: 'CHANGE_INDEX',
      compensation: { index: BLEND },
    });
    expect(indexOf(run.state())).toEqual({ index: BLEND, symbol: 'VTI' });
    // The first change cannot be reverted while a later one stands.
    given(history).when(revert('evt-5', 7)).thenThrows(refusedWith('INDEX_CHANGED_LATER', 'conflict'));
    // Reverting the only change gives the ETF tracking back, index field and all.
    const back = given(history.slice(0, 2)).when(revert('evt-5', 7)).state();
    expect(back.status === 'Active' && back.index).toBeUndefined();
    expect(indexOf(back)).toEqual({ index: { type: 'etf', symbol: 'VOO' }, symbol: 'VOO' });
  });

  it('refuses a revert that would give a Free investor a blend back', () => {
    const history = [
      created(),
      changed(BLEND, { type: 'etf', symbol: 'VOO' }),
      changed({ type: 'etf', symbol: 'SPY' }, BLEND, 6),
    ];
    given(history)
      .when(command<RevertAction>('RevertAction', { actionId: 'evt-6', planCheck: { plan: null } }, 7))
      .thenThrows(refusedWith('INDEX_ABOVE_PLAN', 'forbidden'));
  });

  it('shows each change in the history with the index named', () => {
    const entries = trackingHistory([
      created(),
      changed(BLEND, { type: 'etf', symbol: 'VOO' }),
      changed(LIST, BLEND, 6),
    ]);
    expect(entries.map((entry) => [entry.actionType, entry.details.value])).toEqual([
      ['CHANGE_INDEX', '70 % VTI + 30 % QQQ'],
      ['CHANGE_INDEX', 'My list (2 stocks)'],
    ]);
  });
});
