import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, sumDecimals } from '../../shared/decimal';
import { DomainError } from '../../shared/domain-error';
import type { ReadonlyList } from '../../shared/readonly-list';
import { metadata, OWNER, TRACKING_ID } from '../../testing/tracking-fixtures';
import type { CreateTracking, ImportedPositions } from '../commands';
import { decide } from '../decide';
import { evolve, initialState } from '../state';

const create = (rows: ImportedPositions['rows'], targetAmount = '10000'): CreateTracking => ({
  type: 'CreateTracking',
  data: {
    trackingId: TRACKING_ID,
    userId: OWNER,
    symbol: 'VOO',
    targetAmount,
    numberOfWeightings: 10,
    plan: null,
    existingTrackings: 0,
    numberOfWeightingsCap: 10,
    importedPositions: { eventId: 'imp-1', source: 'plain', rows },
  },
  metadata: metadata(0),
});

const fold = (command: CreateTracking) => decide(command, initialState()).reduce(evolve, initialState());

describe('CreateTracking with imported positions', () => {
  it('records each row as a lot after TrackingCreated, charging cash the snapshot value', () => {
    const events = decide(
      create([
        { symbol: 'aapl', shares: '10', price: '200', costBasis: '1500', acquired: '2023-01-15' },
        { symbol: 'AAPL', shares: '5', price: '200' },
        { symbol: 'MSFT', shares: '2.5', price: '400', costBasis: '0' },
      ]),
      initialState(),
    );
    expect(events.map((e) => e.type)).toEqual(['TrackingCreated', 'PositionsImported']);
    const imported = events[1];
    if (imported?.type !== 'PositionsImported') throw new Error('no import');
    expect(imported.id).toBe('imp-1');
    expect(imported.data.amount).toBe('4000');
    expect(
      imported.data.lots.map((lot) => [lot.lotId, lot.symbol, lot.costPerShare, lot.acquiredAt]),
    ).toEqual([
      ['imp-1:1', 'AAPL', '150', '2023-01-15'],
      ['imp-1:2', 'AAPL', '200', '2026-01-01'],
      ['imp-1:3', 'MSFT', '0', '2026-01-01'],
    ]);
    expect(imported.data.lots.map((lot) => [lot.costBasisGiven, lot.acquiredGiven])).toEqual([
      [true, true],
      [false, false],
      [true, false],
    ]);
    const state = events.reduce(evolve, initialState());
    if (state.status !== 'Active') throw new Error('not active');
    expect(state.cash.toFixed()).toBe('6000');
    expect(state.positions.get('AAPL')?.toFixed()).toBe('15');
    expect(state.lots.map((lot) => lot.lotId)).toEqual(['imp-1:1', 'imp-1:2', 'imp-1:3']);
    expect(state.actions).toHaveLength(0);
  });

  it.each([
    [{ symbol: 'AAPL', shares: '0', price: '1' }, 'shares must be more than 0'],
    [{ symbol: 'AAPL', shares: '-1', price: '1' }, 'shares must be more than 0'],
    [{ symbol: 'AAPL', shares: '1', price: '0' }, 'there is no price for AAPL'],
    [{ symbol: 'AAPL', shares: '1', price: '1', costBasis: '-3' }, 'cost basis'],
    [{ symbol: 'AAPL', shares: '1', price: '1', acquired: '2026-01-03' }, 'in the future'],
    [{ symbol: 'AAPL', shares: '1', price: '1', acquired: '15/01/2023' }, 'YYYY-MM-DD'],
  ])('refuses a bad row (%o), naming its position', (row, message) => {
    const good = { symbol: 'MSFT', shares: '1', price: '1' };
    expect(() => decide(create([good, row]), initialState())).toThrow(
      expect.objectContaining({
        code: 'INVALID_IMPORTED_POSITION',
        message: expect.stringContaining('Position 2'),
      }),
    );
    expect(() => decide(create([good, row]), initialState())).toThrow(
      expect.objectContaining({ message: expect.stringContaining(message) }),
    );
    expect(() => decide(create([good, row]), initialState())).toThrow(DomainError);
  });

  it('keeps "unknown" on lots imported without a cost basis or a date, through a sale and its revert', () => {
    const events = decide(
      create([
        { symbol: 'AAPL', shares: '10', price: '200', costBasis: '1500', acquired: '2023-01-15' },
        { symbol: 'AAPL', shares: '5', price: '200' },
      ]),
      initialState(),
    );
    const state = events.reduce(evolve, initialState());
    if (state.status !== 'Active') throw new Error('not active');
    const flags = (lots: ReadonlyList<{ lotId: string; costKnown: boolean; dateKnown: boolean }>) =>
      lots.map((lot) => [lot.lotId, lot.costKnown, lot.dateKnown]);
    expect(flags(state.lots)).toEqual([
      ['imp-1:1', true, true],
      ['imp-1:2', false, false],
    ]);
    // Sell 2 of the row without basis or date: the close carries the flags (written only when false).
    const [sale] = decide(
      {
        type: 'ExecuteOrder',
        data: {
          symbol: 'AAPL',
          orderType: 'SELL',
          shares: '2',
          price: '200',
          lots: [{ lotId: 'imp-1:2', shares: '2' }],
        },
        metadata: metadata(3),
      },
      state,
    );
    if (sale?.type !== 'OrderExecuted') throw new Error('no sale');
    expect(sale.data.lots).toEqual([
      {
        lotId: 'imp-1:2',
        shares: '2',
        costPerShare: '200',
        acquiredAt: '2026-01-01',
        costKnown: false,
        dateKnown: false,
      },
    ]);
    const sold = evolve(state, sale);
    const reverted = decide(
      { type: 'RevertAction', data: { actionId: sale.id }, metadata: metadata(4) },
      sold,
    ).reduce(evolve, sold);
    if (reverted.status !== 'Active') throw new Error('not active');
    expect(flags(reverted.lots)).toEqual(flags(state.lots));
  });

  it('property: lots hold each position, cash is target − Σ shares × price', () => {
    const row = fc.record({
      symbol: fc.constantFrom('AAPL', 'MSFT', 'NVDA'),
      shares: fc.integer({ min: 1, max: 100000 }).map((n) => (n / 100).toString()),
      price: fc.integer({ min: 1, max: 100000 }).map((n) => (n / 100).toString()),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), (rows) => {
        const state = fold(create(rows, '5000000'));
        if (state.status !== 'Active') return false;
        const value = sumDecimals(rows.map((r) => dec(r.shares).mul(r.price)));
        expect(state.cash.toFixed()).toBe(dec('5000000').sub(value).toFixed());
        for (const [symbol, shares] of state.positions) {
          const inLots = sumDecimals(
            state.lots.filter((lot) => lot.symbol === symbol).map((lot) => lot.shares),
          );
          expect(inLots.toFixed()).toBe(shares.toFixed());
        }
        expect(state.lots).toHaveLength(rows.length);
        return true;
      }),
    );
  });
});
