import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, type Decimal, dec, ZERO } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';
import { AMOUNT_CAP } from '../shared/money';
import { addDays } from '../tax/dates';
import { created, metadata } from '../testing/tracking-fixtures';
import type { TrackingCommand } from './commands';
import { trackingDecider } from './decider';
import { type TrackingEvent, toTrackingEvent } from './events';
import { lotShares, nyTradeDate } from './lots';
import type { Tracking } from './state';

const SYMBOLS = ['AAA', 'BBB', 'CCC'];
const cents = (min: number, max: number) => fc.integer({ min, max }).map((v) => new D(v).div(100).toFixed(2));

/** A step picks its numbers relative to the state when it runs, so that most commands are valid. */
const stepArbitrary = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      symbol: fc.constantFrom(...SYMBOLS),
      shares: fc.integer({ min: 1, max: 2000 }),
      price: cents(100, 50_000),
      fill: fc.option(cents(100, 50_000), { nil: undefined }),
      day: fc.option(fc.integer({ min: 0, max: 214 }), { nil: undefined, freq: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('lotMethod' as const),
      method: fc.constantFrom('HIFO', 'FIFO', 'TAX_OPTIMAL'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      pick: fc.nat(),
      percent: fc.integer({ min: 1, max: 110 }),
      price: cents(100, 50_000),
      day: fc.option(fc.integer({ min: 0, max: 214 }), { nil: undefined, freq: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('raise' as const), amount: cents(1, 500_000) }) },
  // Raise right up to the amount cap (or a little past it, to exercise the refusal).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raiseToCap' as const), past: cents(0, 2) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('lower' as const), percent: fc.integer({ min: 1, max: 110 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('fractional' as const, 'auto' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('weightings' as const), n: fc.integer({ min: 0, max: 20 }) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('revert' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('harvest' as const),
      pick: fc.nat(),
      // The sale price as a percent of the symbol's highest lot cost: mostly a loss, sometimes none.
      percent: fc.integer({ min: 20, max: 110 }),
      replacement: fc.constantFrom('DDD', 'EEE', 'ZZZ'),
      replacementPrice: cents(100, 50_000),
      blocked: fc.integer({ min: 0, max: 9 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('keep' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), roll: fc.integer({ min: 0, max: 9 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('drift' as const),
      enabled: fc.boolean(),
      // Mostly valid thresholds, some out of range or with too many decimals (refused).
      thresholdPoints: fc.oneof(
        cents(1, 10_000),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom('0', '0.001', '100.01', '-1', 'abc', ' 2 '),
      ),
    }),
  },
);
type Step = typeof stepArbitrary extends fc.Arbitrary<infer S> ? S : never;

const toCommand = (step: Step, state: Tracking, n: number): TrackingCommand | null => {
  const meta = metadata(n);
  const active = state.status === 'Active' ? state : null;
  const fractional = active?.settings.fractionalShares ?? false;
  const shareText = (value: Decimal) => value.toDecimalPlaces(fractional ? 2 : 0, D.ROUND_DOWN).toFixed();
  switch (step.kind) {
    case 'buy':
      return {
        type: 'ExecuteOrder',
        data: {
          symbol: step.symbol,
          orderType: 'BUY',
          shares: shareText(new D(step.shares).div(fractional ? 100 : 10)),
          price: step.price,
          ...(step.fill ? { fillPrice: step.fill } : {}),
          ...(step.day === undefined ? {} : { executedAt: addDays(CREATED_ON, step.day) }),
        },
        metadata: meta,
      };
    case 'sell': {
      // Sell part of a position actually held (sometimes a bit more than held, to exercise the refusal).
      const held = [...(active?.positions ?? [])];
      const [symbol, shares] = held[step.pick % Math.max(1, held.length)] ?? ['AAA', ZERO];
      const amount = shareText(shares.mul(step.percent).div(100));
      return {
        type: 'ExecuteOrder',
        data: {
          symbol,
          orderType: 'SELL',
          shares: amount,
          price: step.price,
          ...(step.day === undefined ? {} : { executedAt: addDays(CREATED_ON, step.day) }),
        },
        metadata: meta,
      };
    }
    case 'lotMethod':
      return { type: 'ChangeLotMethod', data: { lotMethod: step.method }, metadata: meta };
    case 'raise':
      return { type: 'RaiseTarget', data: { amount: step.amount }, metadata: meta };
    case 'raiseToCap': {
      const room = AMOUNT_CAP.sub(active?.targetAmount ?? ZERO).add(step.past);
      return room.gt(0) ? { type: 'RaiseTarget', data: { amount: room.toFixed(2) }, metadata: meta } : null;
    }
    case 'lower': {
      const amount = (active?.targetAmount ?? ZERO)
        .mul(step.percent)
        .div(100)
        .toDecimalPlaces(2, D.ROUND_DOWN);
      return { type: 'LowerTarget', data: { amount: amount.toFixed(2) }, metadata: meta };
    }
    case 'fractional':
      return { type: 'ToggleFractional', data: {}, metadata: meta };
    case 'auto':
      return { type: 'ToggleAutoTracking', data: {}, metadata: meta };
    case 'weightings':
      return {
        type: 'ChangeNumberOfWeightings',
        data: { numberOfWeightings: step.n, numberOfWeightingsCap: WEIGHTINGS_CAP },
        metadata: meta,
      };
    case 'revert': {
      const actions = active?.actions ?? [];
      const target = actions.at(step.pick % Math.max(1, actions.length));
      return target
        ? {
            type: 'RevertAction',
            data: { actionId: target.actionId, numberOfWeightingsCap: WEIGHTINGS_CAP },
            metadata: meta,
          }
        : null;
    }
    case 'harvest': {
      const held = [...(active?.positions ?? [])];
      const [symbol] = held[step.pick % Math.max(1, held.length)] ?? ['AAA'];
      const costs = (active?.lots ?? [])
        .filter((lot) => lot.symbol === symbol)
        .map((lot) => lot.costPerShare);
      const top = costs.reduce((a, b) => (a.gt(b) ? a : b), new D('1'));
      const price = D.max(top.mul(step.percent).div(100).toDecimalPlaces(2, D.ROUND_DOWN), new D('0.01'));
      return {
        type: 'HarvestLosses',
        data: {
          symbol,
          replacement: step.replacement,
          price: price.toFixed(2),
          replacementPrice: step.replacementPrice,
          // ZZZ is never a valid replacement: refused.
          allowedReplacements: ['DDD', 'EEE'],
          washSale:
            step.blocked === 0
              ? { status: 'blocked', until: '2026-02-01', reason: 'bought recently' }
              : { status: 'clear' },
          sellEventId: `${meta.eventId}-sell`,
          buyEventId: `${meta.eventId}-buy`,
        },
        metadata: meta,
      };
    }
    case 'keep': {
      const subs = active?.substitutions ?? [];
      const target = subs[step.pick % Math.max(1, subs.length)];
      return target ? { type: 'KeepReplacement', data: { symbol: target.symbol }, metadata: meta } : null;
    }
    case 'delete':
      return step.roll === 0 ? { type: 'DeleteTracking', data: {}, metadata: meta } : null;
    case 'drift':
      return {
        type: 'ChangeDriftAlertSettings',
        data: { enabled: step.enabled, thresholdPoints: step.thresholdPoints },
        metadata: meta,
      };
  }
};

/** Replays only what still counts (no reverted action, no revert) from the raw event data, without evolve. */
const effectiveModel = (events: readonly TrackingEvent[]) => {
  const reverted = new Set(events.flatMap((e) => (e.type === 'ActionReverted' ? [e.data.actionId] : [])));
  const first = events[0];
  if (first?.type !== 'TrackingCreated') throw new Error('no creation');
  let target = dec(first.data.targetAmount);
  let invested = ZERO;
  const positions = new Map<string, Decimal>();
  let { fractionalShares, autoTracking, numberOfWeightings } = first.data;
  let lotMethod = 'HIFO';
  // Lots from the raw data: a BUY opens one at its fill; a SELL takes out exactly the shares it recorded.
  const lots = new Map<string, { symbol: string; shares: Decimal; cost: string; acquiredAt: string }>();
  // Drift alert changes are not actions: never reverted, the last one counts.
  let driftAlert = { enabled: true, thresholdPoints: '2' };
  let substitutions: { harvestId: string; symbol: string; replacement: string; kept: boolean }[] = [];
  for (const e of events) {
    if (e.type === 'DriftAlertSettingsChanged') {
      expect(
        e.data.previousEnabled === e.data.enabled &&
          dec(e.data.previousThresholdPoints).eq(e.data.thresholdPoints),
        'a drift setting event that changes nothing',
      ).toBe(false);
      expect([e.data.previousEnabled, e.data.previousThresholdPoints]).toEqual([
        driftAlert.enabled,
        driftAlert.thresholdPoints,
      ]);
      driftAlert = { enabled: e.data.enabled, thresholdPoints: e.data.thresholdPoints };
    }
    if (reverted.has(e.id)) continue;
    // A harvest's orders go with the harvest.
    if (e.type === 'OrderExecuted' && e.data.harvestId && reverted.has(e.data.harvestId)) continue;
    if (e.type === 'HarvestRecorded')
      substitutions = [
        ...substitutions,
        { harvestId: e.id, symbol: e.data.symbol, replacement: e.data.replacement, kept: false },
      ];
    if (e.type === 'ReplacementKept')
      substitutions = substitutions.map((sub) =>
        sub.harvestId === e.data.harvestId ? { ...sub, kept: true } : sub,
      );
    if (e.type === 'LotMethodChanged') lotMethod = e.data.lotMethod;
    if (e.type === 'OrderExecuted' && e.data.orderType === 'BUY')
      lots.set(e.id, {
        symbol: e.data.symbol,
        shares: dec(e.data.shares),
        cost: dec(e.data.fillPrice ?? e.data.price).toFixed(),
        acquiredAt: e.data.executedAt ?? e.data.occurredAt,
      });
    if (e.type === 'OrderExecuted' && e.data.orderType === 'SELL') {
      expect(e.data.lots, 'a new SELL records its lots').toBeDefined();
      const soldOn = nyTradeDate(e.data.executedAt ?? e.data.occurredAt);
      for (const close of e.data.lots ?? []) {
        const lot = lots.get(close.lotId);
        expect(lot?.symbol, `SELL closed a lot ${close.lotId} that is not open`).toBe(e.data.symbol);
        if (!lot) continue;
        expect(
          nyTradeDate(lot.acquiredAt) <= soldOn,
          `a SELL of ${soldOn} closed lot ${close.lotId} acquired ${lot.acquiredAt}`,
        ).toBe(true);
        expect(lot.cost).toBe(dec(close.costPerShare).toFixed());
        lot.shares = lot.shares.sub(dec(close.shares));
        expect(lot.shares.isNegative(), 'a lot went below zero').toBe(false);
        if (lot.shares.isZero()) lots.delete(close.lotId);
      }
    }
    if (e.type === 'OrderExecuted') {
      const sign = e.data.orderType === 'BUY' ? 1 : -1;
      invested = invested.add(dec(e.data.amount).mul(sign));
      const next = (positions.get(e.data.symbol) ?? ZERO).add(dec(e.data.shares).mul(sign));
      expect(next.isNegative(), `${e.data.symbol} went below zero in the effective history`).toBe(false);
      positions.set(e.data.symbol, next);
    }
    if (e.type === 'TargetRaised') target = target.add(dec(e.data.amount));
    if (e.type === 'TargetLowered') target = target.sub(dec(e.data.amount));
    expect(target.isNegative(), 'target went below zero in the effective history').toBe(false);
    expect(target.gt(AMOUNT_CAP), 'target went above the cap in the effective history').toBe(false);
    if (e.type === 'FractionalSharesToggled') fractionalShares = !fractionalShares;
    if (e.type === 'AutoTrackingToggled') autoTracking = !autoTracking;
    if (e.type === 'NumberOfWeightingsChanged') numberOfWeightings = e.data.numberOfWeightings;
  }
  const held = [...positions].filter(([, shares]) => !shares.isZero()).map(([s, v]) => [s, v.toFixed()]);
  return {
    target: target.toFixed(),
    cash: target.sub(invested).toFixed(),
    positions: held.sort(),
    settings: { fractionalShares, autoTracking, numberOfWeightings, lotMethod },
    lots: [...lots]
      .map(([id, lot]) => [id, lot.symbol, lot.shares.toFixed(), lot.cost, lot.acquiredAt])
      .sort(byId),
    driftAlert,
    substitutions,
  };
};

const byId = (a: readonly string[], b: readonly string[]) => ((a[0] ?? '') < (b[0] ?? '') ? -1 : 1);

const WEIGHTINGS_CAP = 15;
const CREATED_ON = '2025-06-01';

/** What every command and every revert must keep true, checked after each step. */
const expectInvariants = (state: Tracking, step: number) => {
  if (state.status === 'Empty') return;
  const at = `after step ${step}`;
  expect(state.targetAmount.isNegative(), `target below zero ${at}`).toBe(false);
  expect(
    state.targetAmount.gt(AMOUNT_CAP),
    `target ${state.targetAmount.toFixed()} above the cap ${at}`,
  ).toBe(false);
  for (const [symbol, shares] of state.positions)
    expect(shares.isNegative(), `${symbol} position below zero ${at}`).toBe(false);
  const byLots = lotShares(state.lots);
  expect(
    [...byLots].map(([s, v]) => [s, v.toFixed()]).sort(),
    `lots do not sum to the positions ${at}`,
  ).toEqual([...state.positions].map(([s, v]) => [s, v.toFixed()]).sort());
  for (const lot of state.lots) expect(lot.shares.gt(0), `an empty lot stayed open ${at}`).toBe(true);
  const n = state.settings.numberOfWeightings;
  expect(
    Number.isInteger(n) && n >= 1 && n <= WEIGHTINGS_CAP,
    `numberOfWeightings ${n} outside the plan ${at}`,
  ).toBe(true);
  const points = dec(state.driftAlert.thresholdPoints);
  expect(
    points.gte('0.01') && points.lte(100) && points.decimalPlaces() <= 2,
    `drift threshold ${points.toFixed()} outside 0.01–100 ${at}`,
  ).toBe(true);
};

const snapshot = (state: Tracking) => {
  if (state.status === 'Empty') throw new Error('empty');
  return {
    target: state.targetAmount.toFixed(),
    cash: state.cash.toFixed(),
    positions: [...state.positions].map(([s, v]) => [s, v.toFixed()]).sort(),
    settings: state.settings,
    lots: state.lots
      .map((lot) => [lot.lotId, lot.symbol, lot.shares.toFixed(), lot.costPerShare.toFixed(), lot.acquiredAt])
      .sort(byId),
    driftAlert: state.driftAlert,
    substitutions: state.substitutions.map(({ harvestId, symbol, replacement, kept }) => ({
      harvestId,
      symbol,
      replacement,
      kept,
    })),
  };
};

/** Runs the steps from a fresh tracking, checking the invariants after each; refused commands are skipped. */
const runSteps = (fractional: boolean, steps: readonly Step[]) => {
  // Created months before the fixtures' clock (2026-01-01), so that orders can be backdated across trade dates.
  const events: TrackingEvent[] = [
    created({ fractionalShares: fractional, occurredAt: `${CREATED_ON}T00:00:00.000Z` }),
  ];
  let state = trackingDecider.evolve(trackingDecider.initialState(), events[0]!);
  steps.forEach((step, i) => {
    const command = toCommand(step, state, i + 1);
    if (!command) return;
    let produced: TrackingEvent[];
    try {
      produced = trackingDecider.decide(command, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return;
    }
    for (const event of produced) {
      events.push(event);
      state = trackingDecider.evolve(state, event);
    }
    expectInvariants(state, i + 1);
  });
  return { events, state };
};

const lotMap = (state: Tracking) =>
  new Map(
    state.status === 'Empty'
      ? []
      : state.lots.map((lot) => [
          lot.lotId,
          `${lot.symbol} ${lot.shares.toFixed()} @${lot.costPerShare.toFixed()} ${lot.acquiredAt}`,
        ]),
  );

describe('Tracking (property)', () => {
  it('keeps every invariant after each command or revert, and state equal to replaying only what was not reverted', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(stepArbitrary, { minLength: 5, maxLength: 50 }),
        (fractional, steps) => {
          const { events, state } = runSteps(fractional, steps);
          for (const [, shares] of state.status === 'Empty' ? [] : state.positions)
            expect(shares.gt(0)).toBe(true);
          expect(snapshot(state)).toEqual(effectiveModel(events));
          const reread = events.map((e) =>
            toTrackingEvent({ ...JSON.parse(JSON.stringify(e)), metadata: {} }),
          );
          expect(snapshot(reread.reduce(trackingDecider.evolve, trackingDecider.initialState()))).toEqual(
            snapshot(state),
          );
          // The read side folds each event into a state stored without its history: same state, same lots.
          const historyless = reread.reduce((folded: Tracking, event) => {
            const next = trackingDecider.evolve(folded, event);
            return next.status === 'Empty' ? next : { ...next, actions: [] };
          }, trackingDecider.initialState());
          expect(snapshot(historyless)).toEqual(snapshot(state));
        },
      ),
      {
        numRuns: 300,
        examples: [
          // Found by this property: harvesting a stock again replaced its earlier substitution, so reverting the
          // later harvest lost the earlier window.
          [
            false,
            [
              { kind: 'buy', symbol: 'AAA', shares: 10, price: '1.00', fill: '28.95', day: undefined },
              {
                kind: 'harvest',
                pick: 0,
                percent: 38,
                replacement: 'EEE',
                replacementPrice: '1.00',
                blocked: 1,
              },
              {
                kind: 'harvest',
                pick: 0,
                percent: 46,
                replacement: 'EEE',
                replacementPrice: '1.00',
                blocked: 1,
              },
              { kind: 'sell', pick: 0, percent: 1, price: '1.00', day: undefined },
              {
                kind: 'harvest',
                pick: 0,
                percent: 20,
                replacement: 'DDD',
                replacementPrice: '1.00',
                blocked: 1,
              },
              { kind: 'lower', percent: 101 },
              { kind: 'revert', pick: 1051675369 },
              { kind: 'sell', pick: 0, percent: 1, price: '1.00', day: undefined },
            ],
          ],
        ],
      },
    );
  });

  it('reverting any order restores the lots exactly: a SELL its closes, a BUY takes out its whole lot', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(stepArbitrary, { minLength: 5, maxLength: 40 }),
        (fractional, steps) => {
          const { state } = runSteps(fractional, steps);
          if (state.status !== 'Active') return;
          for (const action of state.actions) {
            if (action.type !== 'EXECUTE_ORDER' || action.reverted || !action.lots) continue;
            let produced: TrackingEvent[];
            try {
              produced = trackingDecider.decide(
                { type: 'RevertAction', data: { actionId: action.actionId }, metadata: metadata(999) },
                state,
              );
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              // A harvest's order is reverted with its harvest only (see the harvest property below).
              if (action.harvestId) {
                expect(error.code).toBe('ORDER_IN_HARVEST');
                continue;
              }
              // Only a BUY whose lot a later sale closed (or whose shares later sales need) may be refused.
              expect(action.lots.opened).toBe(true);
              continue;
            }
            expect(action.harvestId, 'a harvest order was reverted alone').toBeNull();
            const after = produced.reduce(trackingDecider.evolve, state as Tracking);
            const expected = lotMap(state);
            if (action.lots.opened) {
              const bought = action.positionChange?.shares.toFixed();
              expect(
                expected.get(action.actionId)?.split(' ')[1],
                'a revertible BUY still has its whole lot',
              ).toBe(bought);
              expected.delete(action.actionId);
            } else {
              const current = new Map(state.lots.map((lot) => [lot.lotId, lot]));
              for (const close of action.lots.closed) {
                const shares = (current.get(close.lotId)?.shares ?? ZERO).add(close.shares);
                current.set(close.lotId, { ...close, shares });
              }
              expected.clear();
              for (const [id, lot] of current)
                expected.set(
                  id,
                  `${lot.symbol} ${lot.shares.toFixed()} @${lot.costPerShare.toFixed()} ${lot.acquiredAt}`,
                );
            }
            expect(lotMap(after)).toEqual(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** The state with plain arrays and Maps: what the fold gave before it kept persistent structures. */
const plain = (state: Tracking): Tracking =>
  state.status === 'Empty'
    ? state
    : {
        ...state,
        positions: new Map(state.positions),
        lastPrices: new Map(state.lastPrices),
        lots: [...state.lots],
        actions: [...state.actions],
      };

describe('The linear fold (property)', () => {
  it('equals a fold that copies plain arrays and Maps per event, and never changes a state it folded from', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(stepArbitrary, { minLength: 5, maxLength: 50 }),
        fc.nat(),
        (fractional, steps, seed) => {
          const { events, state } = runSteps(fractional, steps);
          // The old shape: every event folded into copies (arrays and Maps), as evolve did before.
          const copied = events.reduce(
            (folded: Tracking, event) => plain(trackingDecider.evolve(plain(folded), event)),
            trackingDecider.initialState(),
          );
          expect(snapshot(state)).toEqual(snapshot(copied));
          expect([...(state.status === 'Empty' ? [] : state.actions)]).toEqual(
            copied.status === 'Empty' ? [] : [...copied.actions],
          );
          // Every intermediate state still reads as it did when it was folded, in any order of reading.
          const states: Tracking[] = [];
          const seen: ReturnType<typeof snapshot>[] = [];
          events.reduce((folded: Tracking, event) => {
            const next = trackingDecider.evolve(folded, event);
            states.push(next);
            seen.push(snapshot(next));
            return next;
          }, trackingDecider.initialState());
          const order = states.map((_, i) => (i * (seed | 1) + seed) % states.length);
          for (const i of order) expect(snapshot(states[i] as Tracking), `state ${i}`).toEqual(seen[i]);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('Harvest (property)', () => {
  it('a harvest sells only loss lots, buys the replacement within the proceeds, and its revert restores the lots exactly', () => {
    let reverted = 0;
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(stepArbitrary, { minLength: 5, maxLength: 40 }),
        (fractional, steps) => {
          const { events, state } = runSteps(fractional, steps);
          if (state.status !== 'Active') return;
          for (const harvest of events.filter((e) => e.type === 'HarvestRecorded')) {
            const sell = events.find((e) => e.id === harvest.data.sellOrderId);
            const buy = events.find((e) => e.id === harvest.data.buyOrderId);
            if (sell?.type !== 'OrderExecuted' || buy?.type !== 'OrderExecuted')
              throw new Error('orders missing');
            for (const close of sell.data.lots ?? [])
              expect(dec(close.costPerShare).gt(sell.data.price), 'a harvest sold a lot at a gain').toBe(
                true,
              );
            expect(dec(buy.data.amount).lte(sell.data.amount), 'bought more than the proceeds').toBe(true);
          }
          for (const action of state.actions) {
            if (action.type !== 'HARVEST' || action.reverted) continue;
            const orders = state.actions.filter((entry) => entry.harvestId === action.actionId && entry.lots);
            const buy = orders.find((order) => order.lots?.opened);
            const sell = orders.find((order) => order.lots && !order.lots.opened);
            let produced: TrackingEvent[];
            try {
              produced = trackingDecider.decide(
                { type: 'RevertAction', data: { actionId: action.actionId }, metadata: metadata(999) },
                state,
              );
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              // Only when later sales used the replacement's shares or lot.
              const lot = state.lots.find((open) => open.lotId === buy?.actionId);
              expect(lot?.shares.eq(buy?.positionChange?.shares ?? ZERO) ?? false).toBe(false);
              continue;
            }
            reverted += 1;
            const after = produced.reduce(trackingDecider.evolve, state as Tracking);
            const current = new Map(state.lots.map((lot) => [lot.lotId, lot]));
            current.delete(buy?.actionId ?? '');
            for (const close of sell?.lots?.closed ?? []) {
              const shares = (current.get(close.lotId)?.shares ?? ZERO).add(close.shares);
              current.set(close.lotId, { ...close, shares });
            }
            const expected = new Map(
              [...current].map(([id, lot]) => [
                id,
                `${lot.symbol} ${lot.shares.toFixed()} @${lot.costPerShare.toFixed()} ${lot.acquiredAt}`,
              ]),
            );
            expect(lotMap(after)).toEqual(expected);
            if (after.status !== 'Active') throw new Error('not active');
            expect(after.substitutions.some((sub) => sub.harvestId === action.actionId)).toBe(false);
            expect(after.cash.toFixed()).toBe(
              orders.reduce((cash, order) => cash.sub(order.cashChange), state.cash).toFixed(),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
    // The runs did harvest and revert harvests (else this test proves nothing).
    expect(reverted).toBeGreaterThan(10);
  });
});

describe('Drift alert setting (property)', () => {
  it('holds the last accepted setting, refuses invalid thresholds, and never moves money or positions', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            enabled: fc.boolean(),
            thresholdPoints: fc.oneof(cents(-100, 12_000), fc.double({ noNaN: false })),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (changes) => {
          let state = trackingDecider.evolve(trackingDecider.initialState(), created());
          const before = snapshot(state);
          let expected = { enabled: true, thresholdPoints: '2' };
          changes.forEach((change, i) => {
            const command: TrackingCommand = {
              type: 'ChangeDriftAlertSettings',
              data: change,
              metadata: metadata(i + 1),
            };
            const text = String(change.thresholdPoints);
            const valid = /^\d+(\.\d{1,2})?$/.test(text) && dec(text).gte('0.01') && dec(text).lte(100);
            let produced: TrackingEvent[];
            try {
              produced = trackingDecider.decide(command, state);
            } catch (error) {
              expect(error).toBeInstanceOf(DomainError);
              expect(valid, `refused a valid threshold ${text}`).toBe(false);
              return;
            }
            expect(valid, `accepted an invalid threshold ${text}`).toBe(true);
            const same = expected.enabled === change.enabled && dec(expected.thresholdPoints).eq(text);
            expect(produced).toHaveLength(same ? 0 : 1);
            for (const event of produced) state = trackingDecider.evolve(state, event);
            if (!same) expected = { enabled: change.enabled, thresholdPoints: dec(text).toFixed() };
            if (state.status === 'Empty') throw new Error('empty');
            expect(state.driftAlert).toEqual(expected);
          });
          const after = snapshot(state);
          expect({ ...after, driftAlert: before.driftAlert }).toEqual(before);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('Drift alerts (property)', () => {
  const driftStep = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('check' as const),
        snapshot: fc.integer({ min: 1, max: 4 }),
        reference: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
        current: fc.integer({ min: 0, max: 10_000 }),
        invested: fc.integer({ min: 0, max: 20_000 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('act' as const), amount: cents(1, 1000) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('setting' as const),
        enabled: fc.boolean(),
        points: fc.integer({ min: 1, max: 10 }),
      }),
    },
  );

  it('raises at most one alert per snapshot, none again until recovery or the user acts, none when off', () => {
    fc.assert(
      fc.property(fc.array(driftStep, { minLength: 1, maxLength: 60 }), (steps) => {
        let state = trackingDecider.evolve(trackingDecider.initialState(), created());
        const raisedFor = new Set<string>();
        let open = false;
        steps.forEach((step, i) => {
          const meta = metadata(i + 1);
          let command: TrackingCommand;
          if (step.kind === 'check') {
            const rate = (n: number) => new D(n).div(100).toFixed(2);
            const balance = { invested: String(step.invested), leftover: '0', target: '10000' };
            command = {
              type: 'CheckDrift',
              data: {
                snapshotEventId: `snap-${step.snapshot}`,
                currentRate: rate(step.current),
                currentBalance: balance,
                targetAmount: '10000',
                reference:
                  step.reference === null
                    ? null
                    : { rate: rate(step.reference), balance: { ...balance, invested: '10000' } },
              },
              metadata: { ...meta, actorUserId: undefined },
            } as TrackingCommand;
          } else if (step.kind === 'act') {
            command = { type: 'RaiseTarget', data: { amount: step.amount }, metadata: meta };
          } else {
            command = {
              type: 'ChangeDriftAlertSettings',
              data: { enabled: step.enabled, thresholdPoints: step.points },
              metadata: meta,
            };
          }
          const enabled = state.status === 'Active' && state.driftAlert.enabled;
          const produced = trackingDecider.decide(command, state);
          for (const event of produced) {
            if (event.type === 'DriftAlertRaised') {
              expect(enabled, 'an alert while alerts are off').toBe(true);
              expect(open, 'a second alert before recovery or a user action').toBe(false);
              expect(raisedFor.has(event.data.snapshotEventId), 'two alerts for one snapshot').toBe(false);
              raisedFor.add(event.data.snapshotEventId);
              open = true;
            } else if (event.type === 'DriftRecovered') {
              expect(open, 'a recovery without an open alert').toBe(true);
              open = false;
            } else {
              open = false; // the user acted
            }
            state = trackingDecider.evolve(state, event);
          }
          if (state.status !== 'Active') throw new Error('not active');
          expect(state.drift.openAlertId !== null).toBe(open);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('alerts when the rate falls the threshold below the reference, or the balance drifts beyond it', () => {
    const state = trackingDecider.evolve(trackingDecider.initialState(), created());
    const check = (currentRate: string, invested: string) =>
      trackingDecider.decide(
        {
          type: 'CheckDrift',
          data: {
            snapshotEventId: 'snap',
            currentRate,
            currentBalance: { invested, leftover: '100', target: '10000' },
            targetAmount: '10000',
            reference: { rate: '95', balance: { invested: '9900', leftover: '100', target: '10000' } },
          },
          metadata: { ...metadata(1), actorUserId: undefined },
        } as TrackingCommand,
        state,
      );
    expect(check('93.01', '9900')).toEqual([]);
    expect(check('93', '9900')[0]).toMatchObject({
      type: 'DriftAlertRaised',
      data: { referenceRate: '95', currentRate: '93', thresholdPoints: '2', reasons: ['rate'] },
    });
    // Out of balance 100 at the reference; 300 now is 200 more = 2 % of the target: not beyond it.
    expect(check('95', '10200')).toEqual([]);
    expect(check('95', '10200.01')[0]).toMatchObject({ data: { reasons: ['balance'] } });
  });
});
