import {
  type ActiveTracking,
  dec,
  decide,
  evolve,
  initialState,
  type Tracking,
  type TrackingCommand,
} from '@etf-replicator/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ordersNetCost } from './cash-view';
import { deriveTrackingView, type TrackingSnapshot } from './derive-tracking-view';

const SYMBOLS = [
  { symbol: 'AAA', weightPercentage: '40', base: 180 },
  { symbol: 'BBB', weightPercentage: '30', base: 95 },
  { symbol: 'CCC', weightPercentage: '20', base: 42 },
  { symbol: 'DDD', weightPercentage: '10', base: 310 },
] as const;

type Step =
  | { kind: 'snapshot'; moves: readonly number[] }
  | { kind: 'executeSuggested' }
  | { kind: 'addCashAndOrders' }
  | { kind: 'revert'; pick: number }
  | { kind: 'raise'; cents: number }
  | { kind: 'lower'; cents: number }
  | { kind: 'manualBuy'; pick: number; shares: number };

/** What the investor may do on purpose that can leave the cash below zero (DESIGN §6.6: an explicit command). */
const EXPLICIT = new Set<Step['kind']>(['revert', 'lower', 'manualBuy']);

// Price moves of −50 % to +50 % per stock, in whole percents.
const snapshotStep = fc.record({
  kind: fc.constant('snapshot' as const),
  moves: fc.array(fc.integer({ min: 50, max: 150 }), { minLength: 4, maxLength: 4 }),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: snapshotStep, weight: 3 },
  { arbitrary: fc.constant({ kind: 'executeSuggested' as const }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'addCashAndOrders' as const }), weight: 3 },
  fc.record({ kind: fc.constant('revert' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('raise' as const), cents: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({ kind: fc.constant('lower' as const), cents: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({
    kind: fc.constant('manualBuy' as const),
    pick: fc.nat(),
    shares: fc.integer({ min: 1, max: 20 }),
  }),
);

// The engine's targets are cached by snapshot event id: one id per set of prices, as in the log.
const snapshotAt = (prices: readonly string[]): TrackingSnapshot => ({
  symbol: 'ETF',
  eventId: `snap-${prices.join('/')}`,
  asOf: '2026-01-01',
  holdings: SYMBOLS.map((holding, i) => ({ ...holding, price: prices[i] as string })),
});

/**
 * Plays one investor's steps on a fixed-target tracking, deciding every command with core and deriving the detail
 * after each step as the read side does, and checks the cash rules of issue 32 throughout.
 */
const play = (amount: string, fractional: boolean, steps: readonly Step[]) => {
  let state: Tracking = initialState();
  let n = 0;
  const run = (command: Omit<TrackingCommand, 'metadata'>) => {
    n += 1;
    const metadata = { now: new Date(Date.UTC(2026, 0, 2, 0, n)), eventId: `evt-${n}`, actorUserId: 'u-1' };
    const events = decide({ ...command, metadata } as TrackingCommand, state);
    state = events.reduce(evolve, state);
  };
  const active = () => state as ActiveTracking;
  run({
    type: 'CreateTracking',
    data: {
      trackingId: 't-1',
      userId: 'u-1',
      symbol: 'ETF',
      targetAmount: amount,
      fractionalShares: fractional,
      numberOfWeightings: 4,
      plan: 'PRO',
      existingTrackings: 0,
      numberOfWeightingsCap: 4,
    },
  });
  let prices = SYMBOLS.map((holding) => holding.base.toFixed(2));
  let snapshot = snapshotAt(prices);
  const view = () => deriveTrackingView(active(), snapshot, 'PRO');
  const record = (
    orders: readonly { symbol: string; orderType: 'BUY' | 'SELL'; shares: string }[],
    pricesOf: Record<string, string>,
  ) =>
    orders.length > 0 &&
    run({
      type: 'ExecuteOrders',
      data: {
        orders: orders.map((order, i) => ({
          ...order,
          price: pricesOf[order.symbol] as string,
          eventId: `o-${n}-${i}`,
        })),
      },
    });

  for (const next of steps) {
    const before = view();
    const cashBefore = active().cash;
    // The suggested orders never spend more than the cash (while the tracking is worth anything at all).
    if (!before.degraded && dec(before.marketValue ?? '0').gte(0))
      expect(ordersNetCost(before.adjustmentOrders, before.prices).lte(cashBefore)).toBe(true);
    try {
      switch (next.kind) {
        case 'snapshot':
          // Each move is from the stock's base price, so that prices wander without drifting off to 0.
          prices = SYMBOLS.map((holding, i) =>
            dec(String(holding.base))
              .mul(String(next.moves[i] ?? 100))
              .div('100')
              .toDecimalPlaces(2)
              .toFixed(2),
          );
          snapshot = snapshotAt(prices);
          break;
        case 'executeSuggested':
          record(before.adjustmentOrders, before.prices);
          break;
        case 'addCashAndOrders': {
          const missing = dec(before.cashToReachTarget ?? '0');
          if (missing.isZero()) break;
          run({ type: 'AddCash', data: { amount: missing.toFixed(2) } });
          record(before.ordersToReachTarget ?? [], before.prices);
          // The target is reached: nothing is missing any more (adding never moves the goal).
          expect(view().cashToReachTarget).toBe('0.00');
          break;
        }
        case 'revert': {
          const actions = active().actions.filter((a) => a.type !== 'REVERT' && !a.reverted);
          const chosen = actions[next.pick % Math.max(1, actions.length)];
          if (chosen) run({ type: 'RevertAction', data: { actionId: chosen.actionId } });
          break;
        }
        case 'raise':
          run({ type: 'RaiseTarget', data: { amount: (next.cents / 100).toFixed(2) } });
          break;
        case 'lower':
          run({ type: 'LowerTarget', data: { amount: (next.cents / 100).toFixed(2) } });
          break;
        case 'manualBuy': {
          const index = next.pick % SYMBOLS.length;
          const symbol = SYMBOLS[index]?.symbol as string;
          record([{ symbol, orderType: 'BUY', shares: String(next.shares) }], {
            [symbol]: prices[index] as string,
          });
          break;
        }
      }
    } catch (error) {
      // A refused command (a revert others depend on, lowering below zero) changes nothing.
      if (!(error instanceof Error && 'code' in error)) throw error;
    }
    const cashAfter = active().cash;
    // Only an explicit command takes the cash from zero or more to below zero …
    if (cashBefore.gte(0) && cashAfter.lt(0)) expect(EXPLICIT.has(next.kind)).toBe(true);
    // … and recording the suggested orders always brings it back (they sell what is owed).
    if (next.kind === 'executeSuggested' && !before.degraded && dec(before.marketValue ?? '0').gte(0))
      expect(cashAfter.gte(0)).toBe(true);
  }
};

describe('The cash of a tracking (issue 32)', () => {
  it('is never below zero unless a command explicitly made it so, whatever prices do', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 50_000 }),
        fc.boolean(),
        snapshotStep,
        fc.array(step, { maxLength: 16 }),
        // Invested first, then prices move: the case of issue 32, and where most of the rules have work to do.
        (dollars, fractional, moved, steps) =>
          play(`${dollars}.00`, fractional, [{ kind: 'executeSuggested' }, moved, ...steps]),
      ),
      { numRuns: 200 },
    );
  });
});
