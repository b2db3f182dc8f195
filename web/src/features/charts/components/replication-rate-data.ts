import type { HistoryEntry } from '@etf-replicator/core/contracts/trackings';
import { measureReplication } from '@etf-replicator/core/replication/current-replication';
import { type Decimal, dec, ZERO } from '@etf-replicator/core/shared/decimal';

type Holding = { asset: string; weightPercentage: string; price: string | null };

export type RateHistoryInput = {
  /** The tracking's history, in any order. */
  entries: readonly HistoryEntry[];
  /** The ETF's holdings (today's weights and prices). */
  holdings: readonly Holding[];
  /** Today's prices of held symbols that are not among the holdings. */
  prices: Readonly<Record<string, string>>;
  /** Today's target amount and number of weightings. */
  targetAmount: string;
  numberOfWeightings: number;
};

export type RatePoint = { step: number; label: string; timestamp: string | null; rate: number };

type State = { positions: Map<string, Decimal>; amount: Decimal; weightings: number };

const signed = (entry: Pick<HistoryEntry, 'details'>): Decimal => {
  const shares = dec(entry.details.shares ?? '0');
  return entry.details.orderType === 'SELL' ? shares.neg() : shares;
};

/** How one entry changes positions, target amount and weightings (a revert applies the inverse of its action). */
const apply = (
  state: State,
  entry: HistoryEntry,
  byId: ReadonlyMap<string, HistoryEntry>,
  direction: 1 | -1,
): void => {
  const amount = dec(entry.details.amount ?? '0').mul(direction);
  switch (entry.actionType) {
    case 'EXECUTE_ORDER': {
      const symbol = entry.details.symbol ?? '';
      const next = (state.positions.get(symbol) ?? ZERO).add(signed(entry).mul(direction));
      state.positions.set(symbol, next.lt(0) ? ZERO : next);
      return;
    }
    case 'RAISE_TARGET':
      state.amount = state.amount.add(amount);
      return;
    case 'LOWER_TARGET':
      state.amount = state.amount.sub(amount);
      return;
    case 'CHANGE_NUMBER_OF_WEIGHTINGS': {
      const value = direction === 1 ? entry.details.to : entry.details.from;
      if (typeof value === 'number') state.weightings = value;
      return;
    }
    case 'REVERT': {
      const undone = byId.get(entry.details.revertsActionId ?? '');
      if (undone && undone.actionType !== 'REVERT') apply(state, undone, byId, direction === 1 ? -1 : 1);
      return;
    }
    default:
      return;
  }
};

/** Oldest first; equal timestamps keep the order the API gave. */
const chronological = (entries: readonly HistoryEntry[]): HistoryEntry[] =>
  entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.timestamp.localeCompare(b.entry.timestamp) || a.index - b.index)
    .map(({ entry }) => entry);

/**
 * The replication rate after each recorded action, replayed from the history and measured with today's prices and
 * weights (the engine's formula, so the last point is today's rate). The start point is the empty tracking.
 * Target amount and number of weightings are walked back from today's values through the recorded changes.
 */
export const replicationRateHistory = (input: RateHistoryInput): RatePoint[] => {
  const entries = chronological(input.entries);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  // Today's values minus every recorded change give the starting values.
  const probe: State = {
    positions: new Map(),
    amount: dec(input.targetAmount),
    weightings: input.numberOfWeightings,
  };
  for (const entry of [...entries].reverse()) apply(probe, entry, byId, -1);
  const state: State = {
    positions: new Map(),
    amount: probe.amount.gt(0) ? probe.amount : dec(input.targetAmount),
    weightings: probe.weightings >= 1 ? probe.weightings : input.numberOfWeightings,
  };
  const holdings = input.holdings.map((holding) => ({
    symbol: holding.asset,
    weightPercentage: holding.weightPercentage,
    price: holding.price,
  }));
  const priceOf = new Map<string, string>(Object.entries(input.prices));
  for (const holding of input.holdings) if (holding.price) priceOf.set(holding.asset, holding.price);
  const rate = (): number => {
    if (holdings.length === 0 || state.amount.lte(0)) return 0;
    const investments = [...state.positions]
      .filter(([, shares]) => shares.gt(0))
      .map(([symbol, shares]) => ({
        symbol,
        amountInvested: shares.mul(dec(priceOf.get(symbol) ?? '0')).toFixed(),
      }));
    const measured = measureReplication(holdings, state.amount, investments, {
      numberOfWeightings: state.weightings,
    });
    return dec(measured.replicationRate).toDecimalPlaces(2).toNumber();
  };
  const points: RatePoint[] = [{ step: 0, label: 'Start', timestamp: null, rate: rate() }];
  entries.forEach((entry, index) => {
    apply(state, entry, byId, 1);
    points.push({ step: index + 1, label: String(index + 1), timestamp: entry.timestamp, rate: rate() });
  });
  return points;
};
