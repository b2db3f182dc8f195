import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error';
import { DeciderSpecification } from '../../testing/decider-specification';
import { command, created, event, metadata } from '../../testing/tracking-fixtures';
import type {
  EtfHoldingRef,
  ExcludeHoldings,
  IncludeHoldings,
  RevertAction,
  TrackingCommand,
} from '../commands';
import { trackingDecider } from '../decider';
import type { HoldingsExcluded, HoldingsIncluded, TrackingEvent } from '../events';
import { NO_EXCLUSIONS } from '../exclusions';
import type { ActiveTracking, Tracking } from '../state';
import { proposedExclusions } from './exclusions';

const given = DeciderSpecification.for(trackingDecider);
const HOLDINGS: EtfHoldingRef[] = [
  { symbol: 'AAPL', sector: 'Information Technology', priced: true },
  { symbol: 'MSFT', sector: 'Information Technology', industry: 'Systems Software', priced: true },
  { symbol: 'XOM', sector: 'Energy', industry: 'Integrated Oil & Gas', priced: true },
  { symbol: 'JNJ', sector: 'Health Care', industry: 'Pharmaceuticals', priced: true },
  { symbol: 'NOPR', sector: 'Energy', priced: false },
];
const exclude = (data: Partial<ExcludeHoldings['data']>, n = 5): ExcludeHoldings =>
  command<ExcludeHoldings>(
    'ExcludeHoldings',
    { symbols: [], sectors: [], mode: 'sell', plan: 'STARTER', holdings: HOLDINGS, ...data },
    n,
  );
const include = (data: Partial<IncludeHoldings['data']>, n = 6): IncludeHoldings =>
  command<IncludeHoldings>('IncludeHoldings', { symbols: [], sectors: [], ...data }, n);
const refusedWith = (code: string, kind: DomainError['kind']) => (error: unknown) =>
  error instanceof DomainError && error.code === code && error.kind === kind;

describe('Tracking', () => {
  describe('When excluding holdings', () => {
    it('records the symbols (upper case) and sectors (as the ETF spells them), the mode and what was before', () => {
      given([created()])
        .when(exclude({ symbols: [' aapl ', 'XOM', 'AAPL'], sectors: ['health care'], mode: 'keep' }))
        .then(
          event<HoldingsExcluded>(5, 'HoldingsExcluded', {
            symbols: ['AAPL', 'XOM'],
            sectors: ['Health Care'],
            industries: [],
            mode: 'keep',
            previous: NO_EXCLUSIONS,
          }),
        );
    });

    it('refuses a symbol or a sector the ETF does not have, naming them', () => {
      given([created()])
        .when(exclude({ symbols: ['AAPL', 'TSLA', 'ZZ'] }))
        .thenThrows(
          (error) =>
            refusedWith('UNKNOWN_SYMBOL', 'validation')(error) &&
            (error as Error).message === 'TSLA, ZZ are not holdings of VOO',
        );
      given([created()])
        .when(exclude({ sectors: ['Utilities'] }))
        .thenThrows(
          (error) =>
            refusedWith('UNKNOWN_SECTOR', 'validation')(error) &&
            (error as Error).message === `"Utilities" is not a sector of VOO's holdings`,
        );
    });

    it('refuses naming nothing, an unknown mode, and leaving nothing to buy', () => {
      given([created()]).when(exclude({})).thenThrows(refusedWith('NOTHING_NAMED', 'validation'));
      given([created()])
        .when(exclude({ symbols: ['AAPL'], mode: 'dump' }))
        .thenThrows(refusedWith('INVALID_EXCLUSION_MODE', 'validation'));
      // NOPR has no price: excluding everything priced leaves nothing the engine can buy.
      given([created()])
        .when(exclude({ symbols: ['JNJ', 'XOM'], sectors: ['Information Technology'] }))
        .thenThrows(refusedWith('EXCLUDES_EVERYTHING', 'validation'));
    });

    it('lets Free exclude one stock and no sector', () => {
      given([created()])
        .when(exclude({ symbols: ['AAPL'], plan: null }))
        .then(
          event<HoldingsExcluded>(5, 'HoldingsExcluded', {
            symbols: ['AAPL'],
            sectors: [],
            industries: [],
            mode: 'sell',
            previous: NO_EXCLUSIONS,
          }),
        );
      const first = event<HoldingsExcluded>(3, 'HoldingsExcluded', {
        symbols: ['AAPL'],
        sectors: [],
        industries: [],
        mode: 'sell',
        previous: NO_EXCLUSIONS,
      });
      given([created(), first])
        .when(exclude({ symbols: ['MSFT'], plan: null }))
        .thenThrows(refusedWith('EXCLUSIONS_ABOVE_PLAN', 'forbidden'));
      given([created()])
        .when(exclude({ sectors: ['Energy'], plan: null }))
        .thenThrows(refusedWith('EXCLUSIONS_ABOVE_PLAN', 'forbidden'));
      // Changing the mode of the one stock stays within the plan.
      given([created(), first])
        .when(exclude({ symbols: ['AAPL'], mode: 'keep', plan: null }))
        .then(
          event<HoldingsExcluded>(5, 'HoldingsExcluded', {
            symbols: ['AAPL'],
            sectors: [],
            industries: [],
            mode: 'keep',
            previous: { symbols: [{ symbol: 'AAPL', mode: 'sell' }], sectors: [], industries: [] },
          }),
        );
    });

    it('changes nothing when asked for what is already excluded in the same mode', () => {
      const first = event<HoldingsExcluded>(3, 'HoldingsExcluded', {
        symbols: ['AAPL'],
        sectors: ['Energy'],
        industries: [],
        mode: 'sell',
        previous: NO_EXCLUSIONS,
      });
      given([created(), first])
        .when(exclude({ symbols: ['AAPL'], sectors: ['Energy'] }))
        .thenNothingHappened();
    });
  });

  describe('When including holdings again', () => {
    const first = event<HoldingsExcluded>(3, 'HoldingsExcluded', {
      symbols: ['AAPL', 'XOM'],
      sectors: ['Energy'],
      industries: [],
      mode: 'sell',
      previous: NO_EXCLUSIONS,
    });
    it('records only what was excluded, with what was before', () => {
      given([created(), first])
        .when(include({ symbols: ['xom', 'JNJ'], sectors: ['energy'] }))
        .then(
          event<HoldingsIncluded>(6, 'HoldingsIncluded', {
            symbols: ['XOM'],
            sectors: ['Energy'],
            industries: [],
            previous: {
              symbols: [
                { symbol: 'AAPL', mode: 'sell' },
                { symbol: 'XOM', mode: 'sell' },
              ],
              sectors: [{ sector: 'Energy', mode: 'sell' }],
              industries: [],
            },
          }),
        );
    });
    it('changes nothing when nothing named is excluded, and refuses naming nothing', () => {
      given([created(), first])
        .when(include({ symbols: ['JNJ'] }))
        .thenNothingHappened();
      given([created(), first]).when(include({})).thenThrows(refusedWith('NOTHING_NAMED', 'validation'));
    });
  });
});

describe('Proposed exclusions (the panel preview)', () => {
  const state = [
    created(),
    event<HoldingsExcluded>(3, 'HoldingsExcluded', {
      symbols: ['GONE'],
      sectors: ['Energy'],
      industries: [],
      mode: 'keep',
      previous: NO_EXCLUSIONS,
    }),
  ].reduce(trackingDecider.evolve, trackingDecider.initialState()) as ActiveTracking;

  it('keeps saved names in their mode (even one the ETF no longer lists) and adds new ones in the mode asked', () => {
    expect(
      proposedExclusions(
        state,
        { symbols: ['gone', 'msft'], sectors: ['energy'], mode: 'sell' },
        'PRO',
        HOLDINGS,
      ),
    ).toEqual({
      symbols: [
        { symbol: 'GONE', mode: 'keep' },
        { symbol: 'MSFT', mode: 'sell' },
      ],
      sectors: [{ sector: 'Energy', mode: 'keep' }],
      industries: [],
    });
    expect(proposedExclusions(state, { symbols: [], sectors: [], mode: 'sell' }, null, HOLDINGS)).toEqual(
      NO_EXCLUSIONS,
    );
  });

  it('refuses what the command refuses', () => {
    const refused = (asked: { symbols: string[]; sectors: string[]; mode: string }, plan: 'PRO' | null) => {
      try {
        proposedExclusions(state, asked, plan, HOLDINGS);
        return 'accepted';
      } catch (error) {
        return (error as DomainError).code;
      }
    };
    expect(refused({ symbols: ['TSLA'], sectors: [], mode: 'sell' }, 'PRO')).toBe('UNKNOWN_SYMBOL');
    expect(refused({ symbols: [], sectors: ['Energy'], mode: 'sell' }, null)).toBe('EXCLUSIONS_ABOVE_PLAN');
    expect(refused({ symbols: ['AAPL'], sectors: [], mode: 'dump' }, 'PRO')).toBe('INVALID_EXCLUSION_MODE');
    expect(refused({ symbols: ['AAPL', 'MSFT', 'XOM', 'JNJ'], sectors: [], mode: 'sell' }, 'PRO')).toBe(
      'EXCLUDES_EVERYTHING',
    );
  });
});

/** Folds events into a state, deciding commands one by one (refused commands change nothing). */
const run = (commands: readonly TrackingCommand[]) => {
  let state: Tracking = trackingDecider.evolve(trackingDecider.initialState(), created());
  const states: Tracking[] = [state];
  const events: TrackingEvent[] = [];
  for (const next of commands) {
    let decided: TrackingEvent[] = [];
    try {
      decided = trackingDecider.decide(next, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    for (const e of decided) {
      state = trackingDecider.evolve(state, e);
      events.push(e);
      states.push(state);
    }
  }
  return { state, states, events };
};

const exclusionsOf = (state: Tracking) => (state.status === 'Active' ? state.exclusions : undefined);

describe('Tracking exclusions (properties)', () => {
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('exclude' as const),
      symbols: fc.subarray(['AAPL', 'MSFT', 'XOM', 'JNJ']),
      sectors: fc.subarray(['Energy', 'Health Care', 'Information Technology']),
      industries: fc.subarray(['Integrated Oil & Gas', 'Pharmaceuticals', 'Tobacco']),
      mode: fc.constantFrom('sell', 'keep'),
      plan: fc.constantFrom(null, 'STARTER' as const),
    }),
    fc.record({
      kind: fc.constant('include' as const),
      symbols: fc.subarray(['AAPL', 'MSFT', 'XOM', 'JNJ']),
      sectors: fc.subarray(['Energy', 'Health Care', 'Information Technology']),
      industries: fc.subarray(['Integrated Oil & Gas', 'pharmaceuticals', 'Tobacco']),
    }),
  );

  it('reverting the last exclusion change restores exactly the exclusions before it', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        const commands = steps.map(
          ({ kind, ...s }, i): TrackingCommand => ('mode' in s ? exclude(s, 10 + i) : include(s, 10 + i)),
        );
        const { state, states, events } = run(commands);
        const last = events.at(-1);
        fc.pre(last !== undefined);
        const revert: RevertAction = {
          type: 'RevertAction',
          data: { actionId: last!.id },
          metadata: metadata(99),
        };
        const [reverted] = trackingDecider.decide(revert, state);
        const after = trackingDecider.evolve(state, reverted!);
        expect(exclusionsOf(after)).toEqual(exclusionsOf(states.at(-2)!));
        // An earlier change cannot be reverted past a later one.
        if (events.length >= 2) {
          const earlier: RevertAction = { ...revert, data: { actionId: events[0]!.id } };
          expect(() => trackingDecider.decide(earlier, state)).toThrow(/changed again later/);
        }
      }),
      { numRuns: 150 },
    );
  });
});
