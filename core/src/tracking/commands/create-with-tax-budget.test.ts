import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../shared/domain-error';
import { command, metadata, OWNER, TRACKING_ID } from '../../testing/tracking-fixtures';
import type { CreateTracking, InitialTaxBudget, RevertAction } from '../commands';
import { decide } from '../decide';
import { evolve, initialState } from '../state';

// The fixtures' clock is 2026-01-01 (New York): 2026 and 2027 are the years a budget may be set for.
const create = (taxBudget: InitialTaxBudget): CreateTracking => ({
  type: 'CreateTracking',
  data: {
    trackingId: TRACKING_ID,
    userId: OWNER,
    symbol: 'VOO',
    targetAmount: '10000',
    numberOfWeightings: 10,
    plan: null,
    existingTrackings: 0,
    numberOfWeightingsCap: 10,
    importedPositions: {
      eventId: 'imp-1',
      source: 'plain',
      rows: [{ symbol: 'AAPL', shares: '2', price: '200' }],
    },
    taxBudget,
  },
  metadata: metadata(0),
});

describe('CreateTracking with a gains budget (issue 31: the import sets it in the same append)', () => {
  it('appends TaxBudgetSet with its own id after the positions, checked like SetTaxBudget', () => {
    const events = decide(
      create({ eventId: 'bud-1', year: 2026, maxNetGain: '5,000', allowShortTermGains: false }),
      initialState(),
    );
    expect(events.map((event) => [event.id, event.type])).toEqual([
      ['evt-0', 'TrackingCreated'],
      ['imp-1', 'PositionsImported'],
      ['bud-1', 'TaxBudgetSet'],
    ]);
    expect(events[2]?.data).toEqual({
      taxBudget: { year: 2026, maxNetGain: '5000.00', allowShortTermGains: false },
      previous: null,
      occurredAt: '2026-01-01T12:00:00.000Z',
    });
    const state = events.reduce(evolve, initialState());
    expect(state.status === 'Active' && state.settings.taxBudget).toEqual({
      year: 2026,
      maxNetGain: '5000.00',
      allowShortTermGains: false,
    });
  });

  it('refuses an invalid budget: nothing is decided, the error names the field', () => {
    for (const [budget, field] of [
      [{ year: 2026, maxNetGain: '-1', allowShortTermGains: true }, 'maxNetGain'],
      [{ year: 2025, maxNetGain: null, allowShortTermGains: true }, 'year'],
    ] as const) {
      expect(() => decide(create({ eventId: 'bud-1', ...budget }), initialState())).toThrow(
        expect.objectContaining({ field, kind: 'validation' }) as DomainError,
      );
    }
  });

  it('a revert of the budget leaves the tracking without one', () => {
    const events = decide(
      create({ eventId: 'bud-1', year: 2026, maxNetGain: '0', allowShortTermGains: true }),
      initialState(),
    );
    const state = events.reduce(evolve, initialState());
    const reverted = decide(command<RevertAction>('RevertAction', { actionId: 'bud-1' }, 9), state);
    const after = reverted.reduce(evolve, state);
    expect(after.status === 'Active' && (after.settings.taxBudget ?? null)).toBeNull();
  });
});
