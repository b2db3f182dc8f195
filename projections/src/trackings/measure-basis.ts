import {
  type CurrentReplication,
  currentReplication,
  type Decimal,
  dec,
  type HoldingInput,
  measureReplication,
  type ReplicationMeasures,
  type SubstitutionRecord,
  substituteHoldings,
  toMoneyString,
} from '@etf-replicator/core';

/** What measuring a tracking takes from its folded state (the detail's state, or one row of its rate history). */
export type MeasuredTracking = {
  readonly positions: ReadonlyMap<string, Decimal>;
  readonly cash: Decimal;
  readonly targetAmount: Decimal;
  readonly autoTracking: boolean;
  readonly numberOfWeightings: number;
  readonly exclusions: {
    readonly symbols: readonly string[];
    readonly sectors: readonly string[];
    readonly industries?: readonly string[] | undefined;
  };
  readonly substitutions: readonly SubstitutionRecord[];
  /** The price each held symbol was last recorded at: its value when the snapshot no longer prices it. */
  readonly lastPrices: ReadonlyMap<string, string>;
};

export type MeasureBasis<H extends HoldingInput> = {
  /** The snapshot's holdings with each harvest's replacement standing in for the stock it sold. */
  readonly holdings: readonly H[];
  readonly cap: number;
  readonly effectiveN: number;
  readonly prices: ReadonlyMap<string, string>;
  /** Positions at `prices` plus the cash. */
  readonly marketValue: Decimal;
  /** A in the rates: the target amount, or the market value with auto-tracking on. */
  readonly amount: Decimal;
  readonly amountString: string;
  readonly current: CurrentReplication;
};

type ReadHoldings = {
  readonly weightsDescending: readonly Decimal[];
  /** Each holding with a price above 0, at that price. */
  readonly pricedAt: readonly (readonly [symbol: string, price: string])[];
};

/** What measuring reads of a holdings list alone, kept per list: the snapshot cache hands one list to every command. */
const readByHoldings = new WeakMap<readonly HoldingInput[], ReadHoldings>();

const readHoldings = (holdings: readonly HoldingInput[]): ReadHoldings => {
  const known = readByHoldings.get(holdings);
  if (known) return known;
  const read: ReadHoldings = {
    weightsDescending: holdings.map((h) => dec(h.weightPercentage)).sort((a, b) => b.comparedTo(a)),
    pricedAt: holdings.flatMap((holding) =>
      holding.price != null && dec(holding.price).gt(0)
        ? [[holding.symbol, String(holding.price)] as const]
        : [],
    ),
  };
  readByHoldings.set(holdings, read);
  return read;
};

/**
 * The one way a tracking is measured against a snapshot (the dashboard's rates and every point of the rate history,
 * issue 32): substitutions applied as of `today`, the weightings the plan allows (`capOf` the substituted weights,
 * largest first), positions valued at the snapshot's prices (else the last recorded ones).
 */
export const measureBasis = <H extends HoldingInput>(
  tracking: MeasuredTracking,
  snapshotHoldings: readonly H[],
  { today, capOf }: { today: string; capOf: (weightsDescending: readonly Decimal[]) => number },
): MeasureBasis<H> => {
  // A harvest's replacement stands in for the sold stock inside its wash-sale window (or for good when kept).
  const holdings = substituteHoldings(snapshotHoldings, tracking.substitutions, today);
  const { weightsDescending, pricedAt } = readHoldings(holdings);
  const cap = capOf(weightsDescending);
  const effectiveN = Math.max(1, Math.min(tracking.numberOfWeightings, cap || 1));
  const prices = new Map(tracking.lastPrices);
  for (const [symbol, price] of pricedAt) prices.set(symbol, price);
  const marketValue = [...tracking.positions].reduce(
    (sum, [symbol, shares]) => sum.add(shares.mul(dec(prices.get(symbol) ?? '0'))),
    tracking.cash,
  );
  const amount = tracking.autoTracking ? marketValue : tracking.targetAmount;
  const amountString = toMoneyString(amount.gt(0) ? amount : dec('0'));
  const current = currentReplication(
    Object.fromEntries(tracking.positions),
    tracking.cash,
    prices,
    amountString,
  );
  return { holdings, cap, effectiveN, prices, marketValue, amount, amountString, current };
};

/** RR, ETF RR and coverage of `investments` (default: what is held) against the basis's amount; 0 without one. */
export const measureAgainstAmount = (
  basis: MeasureBasis<HoldingInput>,
  exclusions: MeasuredTracking['exclusions'],
  investments: readonly { readonly symbol: string; readonly amountInvested: string }[] = basis.current
    .investments,
): ReplicationMeasures | null =>
  basis.holdings.length > 0 && basis.amount.gt(0)
    ? measureReplication(basis.holdings, basis.amountString, investments, {
        numberOfWeightings: basis.effectiveN,
        exclusions,
      })
    : null;
