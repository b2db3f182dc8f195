import type { IndexDefinitionInput } from '../indexes/definition';
import type { PlanClaim } from '../plans/plans';
import type { Command } from '../shared/decider';
import type { TaxPartData } from '../tax/harvest-tax-parts';
import type { ApplyCorporateAction } from './commands/corporate-action';

export type { ApplyCorporateAction } from './commands/corporate-action';

/**
 * Tracking commands. Time, event id and acting user travel in `metadata` (`now`, `eventId`, `actorUserId`);
 * everything the decider cannot know by itself — prices from the latest snapshot, the user's plan, how many
 * trackings they have, the plan's weightings cap for this ETF — the API puts in `data`.
 * Amounts and shares arrive as the user typed them (string or number) and are validated here with the spec's rules.
 */
export type CreateTracking = Command<
  'CreateTracking',
  {
    trackingId: string;
    userId: string;
    symbol: string;
    targetAmount: string | number;
    fractionalShares?: boolean;
    autoTracking?: boolean;
    numberOfWeightings: number;
    plan: PlanClaim;
    /** Trackings the user has now (from `trackingquota-{userId}`). */
    existingTrackings: number;
    /** numberOfWeightingsCap(plan, weights of this ETF). */
    numberOfWeightingsCap: number;
    /** Positions held at a broker (issue 17): recorded as a PositionsImported event with this id. */
    importedPositions?: ImportedPositions;
    /** The index to replicate (issue 30); absent: the ETF `symbol`. Blends and custom lists need a paid plan. */
    index?: IndexDefinitionInput;
    /** A gains budget set in the same append (issue 31, import): a TaxBudgetSet event with this id. */
    taxBudget?: InitialTaxBudget;
  }
>;

/** The budget a new tracking starts with, as typed (checked like SetTaxBudget's), and its event's id. */
export type InitialTaxBudget = SetTaxBudget['data'] & { readonly eventId: string };

/** Rows of a broker file, matched to the ETF's holdings by the API: each becomes a lot. */
export type ImportedPositions = {
  readonly eventId: string;
  readonly source: string;
  readonly rows: ReadonlyArray<{
    readonly symbol: string;
    readonly shares: string;
    /** The snapshot's price of the symbol. */
    readonly price: string;
    /** The row's total cost basis; absent: shares × price. */
    readonly costBasis?: string | undefined;
    /** ISO date; absent: the day of the import. */
    readonly acquired?: string | undefined;
  }>;
};

export type ExecuteOrder = Command<
  'ExecuteOrder',
  {
    symbol: string;
    orderType: 'BUY' | 'SELL';
    shares: string | number;
    /** Price per share from the latest snapshot; recorded in the event. */
    price: string;
    /** The price the broker filled at (> 0); default the snapshot price. Cash moves by shares × this price. */
    fillPrice?: string | number;
    /** When the order was executed (ISO date or date-time; not in the future, not before the tracking). */
    executedAt?: string;
    /** SELL: the lots to close (ids and shares, summing to the order's shares); default the tracking's lot method. */
    lots?: ReadonlyArray<{ readonly lotId: string; readonly shares: string | number }>;
  }
>;

/** Several executed orders recorded at once: decided in order against one state, all or nothing. */
export type ExecuteOrders = Command<
  'ExecuteOrders',
  { orders: ReadonlyArray<ExecuteOrder['data'] & { readonly eventId: string }> }
>;

export type RaiseTarget = Command<'RaiseTarget', { amount: string | number; buyOnly?: boolean }>;
export type LowerTarget = Command<'LowerTarget', { amount: string | number }>;
/** Money added to reach a fixed target: the cash grows, the target amount stays (see CashAdded). */
export type AddCash = Command<'AddCash', { amount: string | number }>;
export type ToggleFractional = Command<'ToggleFractional', Record<string, never>>;
export type ToggleAutoTracking = Command<'ToggleAutoTracking', Record<string, never>>;
export type ChangeNumberOfWeightings = Command<
  'ChangeNumberOfWeightings',
  { numberOfWeightings: number; numberOfWeightingsCap: number }
>;
export type RevertAction = Command<
  'RevertAction',
  {
    actionId: string;
    /** Needed only to revert a weightings change: the value it restores must still be within the plan. */
    numberOfWeightingsCap?: number;
    /**
     * The investor's plan now, to revert an exclusion change: the exclusions it restores must fit it (a revert never
     * reaches a state no command could). Absent: not checked (folds and replays).
     */
    planCheck?: { readonly plan: PlanClaim };
  }
>;
export type ChangeLotMethod = Command<'ChangeLotMethod', { lotMethod: string }>;
/** Sets the gains budget of a tax year (issue 31); `maxNetGain` as typed (≥ 0), null = no limit. */
export type SetTaxBudget = Command<
  'SetTaxBudget',
  { year: number; maxNetGain: string | number | null; allowShortTermGains: boolean }
>;
/** A holding of the tracking's index as the exclusion rules need it (from the latest snapshot). */
export type EtfHoldingRef = {
  readonly symbol: string;
  readonly sector: string | null;
  /** GICS sub-industry from the bundled classification (issue 30); absent or null: not classified. */
  readonly industry?: string | null;
  /** Has a usable price (the engine can buy it). */
  readonly priced: boolean;
};

/** Industry names a request may give (issue 30): GICS sub-industries, and named screens (ids) standing for theirs. */
export type IndustryRequest = {
  industries?: readonly string[];
  screens?: readonly string[];
};
/**
 * Leaves holdings out of the tracking (issue 17), by symbol, by sector and by industry (issue 30); `mode` says what
 * happens to held shares. The API adds the index's holdings, the owner's plan and the bundled classification's
 * industries (`knownIndustries`: what an industry name is checked against).
 */
export type ExcludeHoldings = Command<
  'ExcludeHoldings',
  IndustryRequest & {
    symbols: readonly string[];
    sectors: readonly string[];
    mode: string;
    plan: PlanClaim;
    holdings: readonly EtfHoldingRef[];
    knownIndustries?: readonly string[];
  }
>;
/** Takes excluded holdings back into the tracking. Naming one that is not excluded changes nothing. */
export type IncludeHoldings = Command<
  'IncludeHoldings',
  IndustryRequest & { symbols: readonly string[]; sectors: readonly string[] }
>;
export type DeleteTracking = Command<'DeleteTracking', Record<string, never>>;
/** The drift alert setting: on/off and the threshold in replication-rate points (0.01–100, 2 decimals). */
export type ChangeDriftAlertSettings = Command<
  'ChangeDriftAlertSettings',
  { enabled: boolean; thresholdPoints: string | number }
>;

/**
 * The drift check after a new snapshot (issue 20), by the system (no acting user). The API measures the tracking
 * with the new snapshot and, for reference, right after its last executed order (or revert); core decides.
 */
export type CheckDrift = Command<
  'CheckDrift',
  {
    snapshotEventId: string;
    currentRate: string;
    /** invested + leftover − target and leftover, now: the balance check uses the larger magnitude. */
    currentBalance: DriftBalance;
    targetAmount: string;
    /** The measurement right after the last executed order; null when the tracking has none. */
    reference: { rate: string; balance: DriftBalance } | null;
  }
>;
/**
 * Harvest the loss lots of `symbol` and buy `replacement` for the proceeds (issue 19). The API looks up what the
 * decider cannot know: both prices from the latest snapshot, the replacements the candidate list allows, the
 * wash-sale status across the user's trackings, and the ids of the two order events (metadata.eventId is the
 * harvest's own id).
 */
export type HarvestLosses = Command<
  'HarvestLosses',
  {
    symbol: string;
    replacement: string;
    price: string;
    replacementPrice: string;
    allowedReplacements: readonly string[];
    washSale: { status: 'clear' } | { status: 'blocked'; until: string; reason: string };
    sellEventId: string;
    buyEventId: string;
    /** The SELL's fill at the broker (price > 0, ISO date or date-time), as ExecuteOrder takes them; default the snapshot price, now. */
    sellFill?: OrderFill;
    /** The replacement BUY's fill; default `replacementPrice`, now. */
    buyFill?: OrderFill;
    /**
     * The investor's ledger parts of this tracking's lots as the sale's trade date finds them (adjusted basis,
     * holding-period start): loss and term are judged by them. Absent: by the lots' raw cost and date.
     */
    taxParts?: readonly TaxPartData[];
  }
>;
/** A fill as the broker reports it: either part may be left out. */
export type OrderFill = {
  readonly price?: string | number | undefined;
  readonly executedAt?: string | undefined;
};
/** Keep a harvest's replacement for good (the sold stock is then never suggested back). */
export type KeepReplacement = Command<'KeepReplacement', { symbol: string }>;

/** Replicate another index from now on (issue 30). The API has checked that the index resolves (its ETFs exist). */
export type ChangeIndex = Command<'ChangeIndex', { index: IndexDefinitionInput; plan: PlanClaim }>;

export type DriftBalance = { invested: string; leftover: string; target: string };

export type TrackingCommand =
  | CreateTracking
  | ExecuteOrder
  | ExecuteOrders
  | RaiseTarget
  | LowerTarget
  | AddCash
  | ToggleFractional
  | ToggleAutoTracking
  | ChangeNumberOfWeightings
  | ChangeLotMethod
  | ExcludeHoldings
  | IncludeHoldings
  | RevertAction
  | DeleteTracking
  | ChangeDriftAlertSettings
  | CheckDrift
  | HarvestLosses
  | KeepReplacement
  | ApplyCorporateAction
  | ChangeIndex
  | SetTaxBudget;
