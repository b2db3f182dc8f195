import { z } from 'zod';
import { type Decimal, dec, toDecimalString } from '../shared/decimal';
import { decimal } from '../tracking/event-schemas/primitives';
import type { OrderExecuted, TrackingEvent } from '../tracking/events';
import { evolve, executedAtOf, fillPriceOf, initialState, type Tracking } from '../tracking/state';
import { corporateActionFactOf, revertedActionIds } from './corporate-action-facts';
import type { TradeFact } from './ledger-types';
import { nyTradeDate } from './trade-date';

/**
 * The trade facts of one tracking that still count (ledger-types.ts), from its events in order: a BUY opens its lot
 * (id = event id) at the fill price on its New York trade date; a SELL closes the lots it recorded (SELLs recorded
 * before lots existed: the closes the fold gave them); imported rows open their lots with cost and date only when the
 * file gave them; a corporate action the system applied (not reverted) is a CORPORATE_ACTION fact. Reverted orders — a harvest's orders when the harvest is reverted — leave no fact. `seq` counts
 * from `seqStart` (the investor's facts so far) in event order.
 */

/** Action ids a revert undid, and harvests whose orders it undid with them. */
const revertedOf = (events: readonly TrackingEvent[]) => {
  const actions = new Set<string>();
  const harvests = new Set<string>();
  for (const event of events) {
    if (event.type !== 'ActionReverted') continue;
    actions.add(event.data.actionId);
    if (event.data.actionType === 'HARVEST') harvests.add(event.data.actionId);
    if (event.data.actionType === 'HARVEST' && event.data.compensation.harvestId)
      harvests.add(event.data.compensation.harvestId);
  }
  return (order: OrderExecuted): boolean =>
    actions.has(order.id) || (order.data.harvestId !== undefined && harvests.has(order.data.harvestId));
};

/** The closes the fold gave each SELL recorded without lots (folded only when there is such a SELL). */
const legacyClosesOf = (events: readonly TrackingEvent[]) => {
  const legacy = events.some(
    (event) => event.type === 'OrderExecuted' && event.data.orderType === 'SELL' && !event.data.lots,
  );
  const closes = new Map<string, { lotId: string; shares: Decimal }[]>();
  if (!legacy) return closes;
  let state: Tracking = initialState();
  for (const event of events) state = evolve(state, event);
  if (state.status === 'Empty') return closes;
  for (const action of state.actions) {
    if (action.lots && !action.lots.opened)
      closes.set(
        action.actionId,
        action.lots.closed.map((close) => ({ lotId: close.lotId, shares: close.shares })),
      );
  }
  return closes;
};

export const ledgerFactsOf = (
  trackingId: string,
  events: readonly TrackingEvent[],
  seqStart = 0,
): TradeFact[] => {
  const isReverted = revertedOf(events);
  const legacy = legacyClosesOf(events);
  const reverted = revertedActionIds(events);
  const facts: TradeFact[] = [];
  let seq = seqStart;
  for (const event of events) {
    if (event.type === 'CorporateActionApplied') {
      if (!reverted.has(event.id)) facts.push(corporateActionFactOf(trackingId, event, seq++));
      continue;
    }
    if (event.type === 'PositionsImported') {
      for (const row of event.data.lots) {
        facts.push({
          kind: 'ACQUIRE',
          lotId: row.lotId,
          trackingId,
          symbol: row.symbol,
          shares: dec(row.shares),
          costPerShare: row.costBasisGiven ? dec(row.costPerShare) : null,
          acquiredOn: row.acquiredGiven ? nyTradeDate(row.acquiredAt) : null,
          seq: seq++,
        });
      }
    }
    if (event.type !== 'OrderExecuted' || isReverted(event)) continue;
    const { symbol, orderType } = event.data;
    const tradeDate = nyTradeDate(executedAtOf(event));
    if (orderType === 'BUY') {
      facts.push({
        kind: 'ACQUIRE',
        lotId: event.id,
        trackingId,
        symbol,
        shares: dec(event.data.shares),
        costPerShare: fillPriceOf(event),
        acquiredOn: tradeDate,
        seq: seq++,
      });
      continue;
    }
    const closes =
      event.data.lots?.map((close) => ({ lotId: close.lotId, shares: dec(close.shares) })) ??
      legacy.get(event.id) ??
      [];
    facts.push({
      kind: 'SELL',
      saleId: event.id,
      trackingId,
      symbol,
      soldOn: tradeDate,
      pricePerShare: fillPriceOf(event),
      closes,
      harvestId: event.data.harvestId ?? null,
      seq: seq++,
    });
  }
  return facts;
};

/* Facts as JSON (decimal strings), so that the API can keep them. */

const date = z.iso.date();
const factJsonSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ACQUIRE'),
    lotId: z.string().min(1),
    trackingId: z.string().min(1),
    symbol: z.string().min(1),
    shares: decimal,
    costPerShare: decimal.nullable(),
    acquiredOn: date.nullable(),
    seq: z.number().int(),
  }),
  z.object({
    kind: z.literal('SELL'),
    saleId: z.string().min(1),
    trackingId: z.string().min(1),
    symbol: z.string().min(1),
    soldOn: date,
    pricePerShare: decimal,
    closes: z.array(z.object({ lotId: z.string().min(1), shares: decimal })),
    harvestId: z.string().min(1).nullable(),
    seq: z.number().int(),
  }),
  z.object({
    kind: z.literal('CORPORATE_ACTION'),
    actionId: z.string().min(1),
    trackingId: z.string().min(1),
    action: z.enum(['SPLIT', 'RENAME', 'SPINOFF']),
    symbol: z.string().min(1),
    toSymbol: z.string().min(1).nullable(),
    ratio: decimal,
    basisFraction: decimal,
    effectiveOn: date,
    lotIds: z.array(z.string().min(1)),
    seq: z.number().int(),
  }),
]);
export const tradeFactsJsonSchema = z.array(factJsonSchema);
export type TradeFactJson = z.infer<typeof factJsonSchema>;

const text = toDecimalString;

export const factsToJson = (facts: readonly TradeFact[]): TradeFactJson[] =>
  facts.map((fact): TradeFactJson => {
    if (fact.kind === 'ACQUIRE')
      return {
        ...fact,
        shares: text(fact.shares),
        costPerShare: fact.costPerShare === null ? null : text(fact.costPerShare),
      };
    if (fact.kind === 'SELL')
      return {
        ...fact,
        pricePerShare: text(fact.pricePerShare),
        closes: fact.closes.map((close) => ({ lotId: close.lotId, shares: text(close.shares) })),
      };
    return {
      ...fact,
      ratio: text(fact.ratio),
      basisFraction: text(fact.basisFraction),
      lotIds: [...fact.lotIds],
    };
  });

/** Parses JSON facts (throws a ZodError on anything malformed). */
export const factsFromJson = (json: unknown): TradeFact[] =>
  tradeFactsJsonSchema.parse(json).map((fact): TradeFact => {
    if (fact.kind === 'ACQUIRE')
      return {
        ...fact,
        shares: dec(fact.shares),
        costPerShare: fact.costPerShare === null ? null : dec(fact.costPerShare),
      };
    if (fact.kind === 'SELL')
      return {
        ...fact,
        pricePerShare: dec(fact.pricePerShare),
        closes: fact.closes.map((close) => ({ lotId: close.lotId, shares: dec(close.shares) })),
      };
    return { ...fact, ratio: dec(fact.ratio), basisFraction: dec(fact.basisFraction) };
  });
