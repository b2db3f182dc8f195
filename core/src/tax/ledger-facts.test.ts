import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { at, command, created, event } from '../testing/tracking-fixtures';
import type { ExecuteOrder, TrackingCommand } from '../tracking/commands';
import { trackingDecider } from '../tracking/decider';
import type {
  ActionReverted,
  HarvestRecorded,
  OrderExecuted,
  PositionsImported,
  TrackingEvent,
} from '../tracking/events';
import type { Tracking } from '../tracking/state';
import { factsFromJson, factsToJson, ledgerFactsOf } from './ledger-facts';
import type { TradeFact } from './ledger-types';

/** Decides and folds the commands in order (as the API records them); refused ones are skipped. */
const run = (commands: readonly TrackingCommand[], first: TrackingEvent) => {
  const events: TrackingEvent[] = [first];
  let state: Tracking = trackingDecider.evolve(trackingDecider.initialState(), first);
  for (const next of commands) {
    let produced: TrackingEvent[] = [];
    try {
      produced = trackingDecider.decide(next, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    for (const produce of produced) {
      events.push(produce);
      state = trackingDecider.evolve(state, produce);
    }
  }
  return events;
};

const order = (n: number, orderType: 'BUY' | 'SELL', shares: string, fillPrice: string, executedAt: string) =>
  command<ExecuteOrder>(
    'ExecuteOrder',
    { symbol: 'AAPL', orderType, shares, price: '100', fillPrice, executedAt },
    n,
  );

const createdEarly = created({ fractionalShares: true, occurredAt: '2024-01-01T00:00:00.000Z' });

/** Facts as plain text, for readable expectations. */
const plain = (facts: readonly TradeFact[]) => JSON.parse(JSON.stringify(factsToJson(facts)));

describe('Ledger facts from tracking events', () => {
  it('reads BUYs and SELLs with their fill, New York trade date and closes, in event order', () => {
    const events = run(
      [
        order(1, 'BUY', '10', '50', '2025-03-03'),
        // 19:30 in New York on 31 December is 00:30 UTC on 1 January: the trade date is still the 31st.
        order(2, 'SELL', '4', '40', '2025-12-31T19:30:00-05:00'),
      ],
      createdEarly,
    );
    expect(plain(ledgerFactsOf('trk-1', events, 7))).toEqual([
      {
        kind: 'ACQUIRE',
        lotId: 'evt-1',
        trackingId: 'trk-1',
        symbol: 'AAPL',
        shares: '10',
        costPerShare: '50',
        acquiredOn: '2025-03-03',
        seq: 7,
      },
      {
        kind: 'SELL',
        saleId: 'evt-2',
        trackingId: 'trk-1',
        symbol: 'AAPL',
        soldOn: '2025-12-31',
        pricePerShare: '40',
        closes: [{ lotId: 'evt-1', shares: '4' }],
        harvestId: null,
        seq: 8,
      },
    ]);
  });

  it('leaves reverted orders out', () => {
    const events = run(
      [
        order(1, 'BUY', '10', '50', '2025-03-03'),
        order(2, 'BUY', '5', '55', '2025-03-04'),
        order(3, 'SELL', '4', '60', '2025-03-05'),
        command('RevertAction', { actionId: 'evt-3' }, 4),
        command('RevertAction', { actionId: 'evt-2' }, 5),
      ],
      createdEarly,
    );
    expect(events.filter((e) => e.type === 'ActionReverted')).toHaveLength(2);
    expect(
      ledgerFactsOf('trk-1', events).map((fact) => (fact.kind === 'ACQUIRE' ? fact.lotId : fact.kind)),
    ).toEqual(['evt-1']);
  });

  it('keeps unknown cost and date of imported rows unknown, and uses the lot ids the fold opens', () => {
    const imported = event<PositionsImported>(1, 'PositionsImported', {
      lots: [
        {
          lotId: 'imp-1',
          symbol: 'MSFT',
          shares: '3',
          price: '400',
          costPerShare: '400',
          costBasisGiven: false,
          acquiredAt: at(1),
          acquiredGiven: false,
        },
        {
          lotId: 'imp-2',
          symbol: 'MSFT',
          shares: '2',
          price: '400',
          costPerShare: '310.5',
          costBasisGiven: true,
          acquiredAt: '2024-06-03',
          acquiredGiven: true,
        },
      ],
      amount: '2000',
      source: 'plain',
    });
    expect(plain(ledgerFactsOf('trk-1', [created(), imported]))).toEqual([
      {
        kind: 'ACQUIRE',
        lotId: 'imp-1',
        trackingId: 'trk-1',
        symbol: 'MSFT',
        shares: '3',
        costPerShare: null,
        acquiredOn: null,
        seq: 0,
      },
      {
        kind: 'ACQUIRE',
        lotId: 'imp-2',
        trackingId: 'trk-1',
        symbol: 'MSFT',
        shares: '2',
        costPerShare: '310.5',
        acquiredOn: '2024-06-03',
        seq: 1,
      },
    ]);
  });

  const lot = { lotId: 'evt-1', shares: '10', costPerShare: '50', acquiredAt: '2025-03-03' };
  const bought = event<OrderExecuted>(1, 'OrderExecuted', {
    symbol: 'AAPL',
    orderType: 'BUY',
    shares: '10',
    price: '50',
    amount: '500',
    executedAt: '2025-03-03',
  });
  const harvestSell = event<OrderExecuted>(2, 'OrderExecuted', {
    symbol: 'AAPL',
    orderType: 'SELL',
    shares: '10',
    price: '40',
    amount: '400',
    lots: [lot],
    harvestId: 'evt-4',
  });
  const harvestBuy = event<OrderExecuted>(3, 'OrderExecuted', {
    symbol: 'MSFT',
    orderType: 'BUY',
    shares: '1',
    price: '400',
    amount: '400',
    harvestId: 'evt-4',
  });
  const harvest = event<HarvestRecorded>(4, 'HarvestRecorded', {
    symbol: 'AAPL',
    replacement: 'MSFT',
    sellOrderId: 'evt-2',
    buyOrderId: 'evt-3',
    realisedLoss: '100',
    shortTermLoss: '100',
    longTermLoss: '0',
    harvestedAt: '2026-01-01',
    windowEndsAt: '2026-01-31',
  });

  it("gives a harvest's orders with its id, and leaves them out once the harvest is reverted", () => {
    const events = [createdEarly, bought, harvestSell, harvestBuy, harvest];
    expect(
      ledgerFactsOf('trk-1', events).map((fact) => [fact.kind, fact.kind === 'SELL' ? fact.harvestId : null]),
    ).toEqual([
      ['ACQUIRE', null],
      ['SELL', 'evt-4'],
      ['ACQUIRE', null],
    ]);
    const revert = event<ActionReverted>(5, 'ActionReverted', {
      actionId: 'evt-4',
      actionType: 'HARVEST',
      compensation: {
        cash: '0',
        targetAmount: '0',
        positions: [
          { symbol: 'AAPL', shares: '10' },
          { symbol: 'MSFT', shares: '-1' },
        ],
        settings: {},
        lots: { remove: ['evt-3'], reopen: [{ ...lot, symbol: 'AAPL' }] },
        harvestId: 'evt-4',
      },
    });
    expect(ledgerFactsOf('trk-1', [...events, revert]).map((fact) => fact.kind)).toEqual(['ACQUIRE']);
  });

  it('gives a SELL recorded before lots existed the closes the fold gave it', () => {
    const { lots: _lots, harvestId: _harvest, ...legacy } = harvestSell.data;
    const old = { ...harvestSell, data: { ...legacy, shares: '4', amount: '160' } };
    const [, sale] = ledgerFactsOf('trk-1', [createdEarly, bought, old]);
    expect(sale?.kind === 'SELL' && sale.closes.map((c) => [c.lotId, c.shares.toFixed()])).toEqual([
      ['evt-1', '4'],
    ]);
  });

  it('round-trips through JSON and refuses malformed JSON', () => {
    const events = run(
      [order(1, 'BUY', '10', '50.25', '2025-03-03'), order(2, 'SELL', '4', '40', '2025-04-01')],
      createdEarly,
    );
    const facts = ledgerFactsOf('trk-1', events);
    const json = JSON.parse(JSON.stringify(factsToJson(facts)));
    expect(factsFromJson(json)).toEqual(facts);
    expect(() => factsFromJson([{ ...json[0], shares: '1e3' }])).toThrow();
  });
});
