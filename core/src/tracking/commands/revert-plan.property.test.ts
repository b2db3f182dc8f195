import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../plans/plans';
import { DomainError } from '../../shared/domain-error';
import { command, created, metadata } from '../../testing/tracking-fixtures';
import type {
  EtfHoldingRef,
  ExcludeHoldings,
  IncludeHoldings,
  RevertAction,
  TrackingCommand,
} from '../commands';
import { trackingDecider } from '../decider';
import type { Tracking } from '../state';

const HOLDINGS: EtfHoldingRef[] = [
  { symbol: 'AAPL', sector: 'Information Technology', priced: true },
  { symbol: 'MSFT', sector: 'Information Technology', priced: true },
  { symbol: 'XOM', sector: 'Energy', priced: true },
  { symbol: 'JNJ', sector: 'Health Care', priced: true },
  { symbol: 'PG', sector: 'Consumer Staples', priced: true },
];
type PlanNow = Plan | null;

const exclude = (symbols: string[], sectors: string[], plan: PlanNow, n: number) =>
  command<ExcludeHoldings>(
    'ExcludeHoldings',
    { symbols, sectors, mode: 'sell', plan, holdings: HOLDINGS },
    n,
  );
const include = (symbols: string[], sectors: string[], n: number) =>
  command<IncludeHoldings>('IncludeHoldings', { symbols, sectors }, n);
const revert = (actionId: string, plan: PlanNow, n: number): RevertAction => ({
  type: 'RevertAction',
  data: { actionId, planCheck: { plan } },
  metadata: metadata(n),
});

/** Within what a command could set today: the Free plan allows one excluded stock and no sector. */
const fitsPlan = (state: Tracking, plan: PlanNow) =>
  state.status !== 'Active' ||
  plan !== null ||
  (state.exclusions.symbols.length <= 1 && state.exclusions.sectors.length === 0);

const decideAll = (state: Tracking, next: TrackingCommand) => {
  try {
    return trackingDecider.decide(next, state).reduce(trackingDecider.evolve, state);
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
};

describe('Reverts never reach a state no command could (issue 27 item 4)', () => {
  it('refuses to revert an IncludeHoldings after a downgrade to Free when it would restore 3 exclusions', () => {
    // PRO: exclude 3 stocks → include them all → downgrade to Free → revert the include: Free would hold 3.
    let state = trackingDecider.evolve(trackingDecider.initialState(), created());
    state = decideAll(state, exclude(['AAPL', 'MSFT', 'XOM'], [], 'PRO', 1)) as Tracking;
    const included = trackingDecider.decide(include(['AAPL', 'MSFT', 'XOM'], [], 2), state);
    state = included.reduce(trackingDecider.evolve, state);
    const includeId = included[0]?.id as string;
    expect(() => trackingDecider.decide(revert(includeId, null, 3), state)).toThrow(
      'This revert would restore 3 excluded stocks, and the Free plan allows one excluded stock and no excluded sectors. Upgrade your plan to revert it, or change the exclusions instead.',
    );
    // Still on PRO, the same revert is what it always was.
    const reverted = decideAll(state, revert(includeId, 'PRO', 4));
    expect(reverted?.status === 'Active' && reverted.exclusions.symbols.map((s) => s.symbol)).toEqual([
      'AAPL',
      'MSFT',
      'XOM',
    ]);
  });

  it('after any sequence of exclusion changes, plan changes and reverts, an accepted revert fits the plan of its day', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('plan' as const),
        plan: fc.constantFrom<PlanNow>(null, 'STARTER', 'PRO'),
      }),
      fc.record({
        kind: fc.constant('exclude' as const),
        symbols: fc.subarray(['AAPL', 'MSFT', 'XOM', 'JNJ']),
        sectors: fc.subarray(['Energy', 'Health Care']),
      }),
      fc.record({
        kind: fc.constant('include' as const),
        symbols: fc.subarray(['AAPL', 'MSFT', 'XOM', 'JNJ']),
        sectors: fc.subarray(['Energy', 'Health Care']),
      }),
      fc.record({ kind: fc.constant('revert' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 14 }), (steps) => {
        let plan: PlanNow = 'PRO';
        let state = trackingDecider.evolve(trackingDecider.initialState(), created());
        const actionIds: string[] = [];
        steps.forEach((s, i) => {
          if (s.kind === 'plan') {
            plan = s.plan;
            return;
          }
          const next: TrackingCommand =
            s.kind === 'exclude'
              ? exclude(s.symbols, s.sectors, plan, 10 + i)
              : s.kind === 'include'
                ? include(s.symbols, s.sectors, 10 + i)
                : revert(actionIds[s.pick % Math.max(1, actionIds.length)] ?? 'none', plan, 10 + i);
          let events: ReturnType<typeof trackingDecider.decide> = [];
          try {
            events = trackingDecider.decide(next, state);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
          state = events.reduce(trackingDecider.evolve, state);
          if (events.length > 0 && s.kind !== 'revert') actionIds.push(...events.map((event) => event.id));
          if (events.length > 0 && s.kind === 'revert') expect(fitsPlan(state, plan)).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
