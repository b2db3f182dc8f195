import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, dec } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';
import { command, created, metadata } from '../testing/tracking-fixtures';
import type { ExecuteOrder, TrackingCommand } from '../tracking/commands';
import { trackingDecider } from '../tracking/decider';
import type { TrackingEvent } from '../tracking/events';
import type { Tracking } from '../tracking/state';
import { realisedGains, realisedGainsByYear, termOf, totalGain, unrealisedGains } from './gains';

/** Decides and folds the commands in order; refused ones are skipped. */
const run = (
  commands: readonly TrackingCommand[],
  first: TrackingEvent = created({ fractionalShares: true }),
) => {
  const events: TrackingEvent[] = [first];
  let state: Tracking = trackingDecider.evolve(trackingDecider.initialState(), first);
  for (const next of commands) {
    let produced: TrackingEvent[] = [];
    try {
      produced = trackingDecider.decide(next, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    for (const event of produced) {
      events.push(event);
      state = trackingDecider.evolve(state, event);
    }
  }
  return { events, state };
};

const order = (
  n: number,
  orderType: 'BUY' | 'SELL',
  shares: string,
  fillPrice: string,
  executedAt?: string,
  symbol = 'AAPL',
) =>
  command<ExecuteOrder>(
    'ExecuteOrder',
    { symbol, orderType, shares, price: '100', fillPrice, ...(executedAt ? { executedAt } : {}) },
    n,
  );

// The fixtures' clock is 2026-01-01T12:00:nn; a created tracking at an earlier date lets fills span years.
const createdEarly = created({ fractionalShares: true, occurredAt: '2024-01-01T00:00:00.000Z' });

describe('Tax terms', () => {
  it('is short up to and on the anniversary, long after it', () => {
    expect(termOf('2024-03-15', '2025-03-15')).toBe('SHORT');
    expect(termOf('2024-03-15', '2025-03-16')).toBe('LONG');
    expect(termOf('2024-02-29', '2025-02-28')).toBe('SHORT');
    expect(termOf('2024-02-29', '2025-03-01')).toBe('LONG');
  });
});

describe('Unrealised gains', () => {
  it('values each lot and each holding at the given prices', () => {
    const { state } = run([order(1, 'BUY', '2', '100'), order(2, 'BUY', '1.5', '130')]);
    if (state.status !== 'Active') throw new Error('not active');
    const [holding] = unrealisedGains(state.lots, new Map([['AAPL', dec('120')]]), '2026-01-02T00:00:00Z');
    expect(holding?.costBasis.toFixed()).toBe('395');
    expect(holding?.marketValue?.toFixed()).toBe('420');
    expect(holding?.gain?.toFixed()).toBe('25');
    expect(holding?.lots.map((lot) => [lot.lotId, lot.gain?.toFixed(), lot.term])).toEqual([
      ['evt-1', '40', 'SHORT'],
      ['evt-2', '-15', 'SHORT'],
    ]);
    const [unpriced] = unrealisedGains(state.lots, new Map(), '2026-01-02T00:00:00Z');
    expect([unpriced?.gain, unpriced?.gainPercent]).toEqual([null, null]);
  });
});

describe('Realised gains', () => {
  it('gives each closed lot its proceeds, cost, holding period and term, and sums them per year', () => {
    const { events } = run(
      [
        order(1, 'BUY', '10', '50', '2024-01-02'),
        order(2, 'BUY', '10', '80', '2025-06-01'),
        // HIFO: all 10 of the 80 lot (short), then 2 of the 50 lot (long).
        order(3, 'SELL', '12', '70', '2025-12-01'),
        order(4, 'SELL', '1', '40', '2026-01-01'),
      ],
      createdEarly,
    );
    const lots = realisedGains(events);
    expect(
      lots.map((l) => [l.lotId, l.shares.toFixed(), l.proceeds.toFixed(), l.costBasis.toFixed(), l.term]),
    ).toEqual([
      ['evt-2', '10', '700', '800', 'SHORT'],
      ['evt-1', '2', '140', '100', 'LONG'],
      ['evt-1', '1', '40', '50', 'LONG'],
    ]);
    expect(lots[1]?.holdingDays).toBe(699);
    expect(
      realisedGainsByYear(lots).map((y) => [
        y.year,
        y.shortTerm.toFixed(),
        y.longTerm.toFixed(),
        y.total.toFixed(),
      ]),
    ).toEqual([
      [2025, '-100', '40', '-60'],
      [2026, '0', '-10', '-10'],
    ]);
  });

  it('judges the tax year and holding period by the New York trade date', () => {
    // 2026-01-01T00:30Z is 19:30 on 31 December 2025 in New York (EST, UTC−5): a 2025 sale.
    // Bought 2024-12-31 15:00 New York (20:00Z), sold ON its anniversary (2025-12-31) in New York,
    // so it is short term, held 365 days; by the UTC dates it would have been 2026 and long term.
    const { events } = run(
      [
        order(1, 'BUY', '1', '50', '2024-12-31T20:00:00Z'),
        order(2, 'SELL', '1', '70', '2026-01-01T00:30:00Z'),
      ],
      createdEarly,
    );
    const [lot] = realisedGains(events);
    expect([lot?.term, lot?.holdingDays]).toEqual(['SHORT', 365]);
    expect(realisedGainsByYear(realisedGains(events)).map((y) => [y.year, y.shortTerm.toFixed()])).toEqual([
      [2025, '20'],
    ]);
  });

  it('drops a reverted sale', () => {
    const { events } = run(
      [
        order(1, 'BUY', '10', '50'),
        order(2, 'SELL', '4', '60'),
        command('RevertAction', { actionId: 'evt-2' }, 3),
      ],
      created({ fractionalShares: true }),
    );
    expect(realisedGains(events)).toEqual([]);
  });

  it('HIFO never realises a larger gain than FIFO on the same orders', () => {
    const step = fc.record({
      sell: fc.boolean(),
      shares: fc.integer({ min: 1, max: 500 }),
      price: fc.integer({ min: 100, max: 50_000 }).map((v) => new D(v).div(100).toFixed(2)),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        const commands = (method: 'HIFO' | 'FIFO') => {
          const list: TrackingCommand[] = [
            { type: 'ChangeLotMethod', data: { lotMethod: method }, metadata: metadata(1) },
          ];
          let held = new D(0);
          steps.forEach((s, i) => {
            const shares = new D(s.shares).div(10);
            if (s.sell && held.isZero()) return;
            // A sale takes a share of what is held, so both methods sell exactly the same shares.
            const amount = s.sell ? D.min(shares, held) : shares;
            held = s.sell ? held.sub(amount) : held.add(amount);
            list.push(order(i + 2, s.sell ? 'SELL' : 'BUY', amount.toFixed(), s.price));
          });
          return list;
        };
        const hifo = realisedGains(run(commands('HIFO')).events);
        const fifo = realisedGains(run(commands('FIFO')).events);
        expect(sumShares(hifo)).toBe(sumShares(fifo));
        expect(totalGain(hifo).lte(totalGain(fifo))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

const sumShares = (lots: ReturnType<typeof realisedGains>) =>
  lots.reduce((sum, lot) => sum.add(lot.shares), new D(0)).toFixed();
