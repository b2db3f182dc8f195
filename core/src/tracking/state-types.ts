import type { IndexDefinition } from '../indexes/definition';
import type { Decimal } from '../shared/decimal';
import type { ReadonlyList } from '../shared/readonly-list';
import type { ActionType, TaxBudgetSetting } from './events';
import type { CorporateActionRecord } from './evolve-corporate-action';
import type { Exclusions } from './exclusions';
import type { Lot, LotClose, LotMethod } from './lots';
import type { SubstitutionRecord } from './substitutions';

/** The tracking aggregate's state, as evolve folds it from the events (state.ts). */

export type TrackingSettings = {
  readonly fractionalShares: boolean;
  readonly autoTracking: boolean;
  readonly numberOfWeightings: number;
  /** How a SELL picks its lots when the order names none. */
  readonly lotMethod: LotMethod;
  /** The gains budget the orders respect (issue 31); absent or null: none (today's orders). */
  readonly taxBudget?: TaxBudgetSetting | null;
};

type SettingName = keyof TrackingSettings;

/** Drift alerts (issue 20): on by default, 2 points below the rate reached after the last executed order. */
export type DriftAlertSetting = {
  readonly enabled: boolean;
  /** Replication-rate points, decimal string ("2"). */
  readonly thresholdPoints: string;
};

export const DEFAULT_DRIFT_ALERT: DriftAlertSetting = { enabled: true, thresholdPoints: '2' };

export const NO_DRIFT = { openAlertId: null, alertedSnapshotIds: [] } as const;

/** Snapshots a tracking remembers having alerted for; a drift check is only ever late by a few. */
export const DRIFT_SNAPSHOTS_KEPT = 50;

/** One entry of the tracking's history, with what it changed (so that it can be reverted and checked). */
export type TrackingAction = {
  /** Id of the event that recorded it. */
  readonly actionId: string;
  readonly type: ActionType;
  readonly occurredAt: string;
  readonly cashChange: Decimal;
  readonly targetChange: Decimal;
  readonly positionChange: { readonly symbol: string; readonly shares: Decimal } | null;
  readonly setting: {
    readonly name: SettingName;
    readonly from: boolean | number | string | TaxBudgetSetting | null;
  } | null;
  /** Orders: the lot a BUY opened (its id is the action id) or the lots a SELL closed. */
  readonly lots: { readonly opened: boolean; readonly closed: readonly LotClose[] } | null;
  /** Exclusion changes: every exclusion before the change (what a revert restores). */
  readonly exclusionsBefore: Exclusions | null;
  readonly reverted: boolean;
  readonly revertedBy: string | null;
  /** For REVERT entries: the action they undid. */
  readonly revertsActionId: string | null;
  /** CHANGE_INDEX entries (issue 30): the index before the change (what a revert restores). */
  readonly indexBefore?: IndexDefinition;
  /** The harvest an order belongs to (its HarvestRecorded id), or the one a KEEP_REPLACEMENT keeps. */
  readonly harvestId: string | null;
  /** CORPORATE_ACTION entries: what the action did, for its revert (evolve-corporate-action.ts). */
  readonly corporateAction?: CorporateActionRecord;
};

export type TrackingData = {
  readonly trackingId: string;
  readonly userId: string;
  /** The ETF whose snapshot stream the tracking follows: the ETF, a blend's first part, or CUSTOM_INDEX_SYMBOL. */
  readonly symbol: string;
  /**
   * The index the tracking replicates (issue 30). Absent: the ETF `symbol` names (every tracking created before
   * indexes existed, and states the read side stored then); `trackingIndex` reads either.
   */
  readonly index?: IndexDefinition;
  readonly targetAmount: Decimal;
  /** Target amount minus what recorded orders spent (at their own prices). Negative = bought beyond the target. */
  readonly cash: Decimal;
  /** Shares per symbol; symbols at zero are removed. */
  readonly positions: ReadonlyMap<string, Decimal>;
  /**
   * The open lots (read as a list: acquired, then id): per symbol they always hold exactly the position. The fold
   * keeps them in a LotBook (lot-book.ts: per symbol, `ofSymbol`); a plain array is accepted too.
   */
  readonly lots: ReadonlyList<Lot>;
  readonly settings: TrackingSettings;
  /**
   * The price each symbol's last recorded order was executed at: values a position whose symbol the newest snapshot
   * no longer prices. Kept by the fold so that nothing has to walk the history for it.
   */
  readonly lastPrices: ReadonlyMap<string, Decimal>;
  /** The buy-only raise the target currently honours (a later target change, or its revert, ends it). */
  readonly buyOnlyActionId: string | null;
  readonly driftAlert: DriftAlertSetting;
  /** Holdings left out of the target (issue 17). */
  readonly exclusions: Exclusions;
  /**
   * The open drift alert (the DriftAlertRaised event id) until the tracking recovers or the user acts, and the
   * snapshots alerts were raised for (the latest DRIFT_SNAPSHOTS_KEPT): at most one alert per snapshot.
   */
  readonly drift: { readonly openAlertId: string | null; readonly alertedSnapshotIds: readonly string[] };
  /** Harvested stocks a replacement stands in for (issue 19), one per sold symbol, oldest harvest first. */
  readonly substitutions: readonly SubstitutionRecord[];
  /**
   * The history, for reverts. A fold may start from a state whose history was left out (the read side stores the
   * state without it): everything else in the state is complete without it. The fold keeps it in an
   * AppendOnlyList (shared/readonly-list.ts: appending copies nothing); a plain array is accepted too.
   */
  readonly actions: ReadonlyList<TrackingAction>;
  readonly createdAt: string;
};

export type Tracking =
  | { readonly status: 'Empty' }
  | ({ readonly status: 'Active' } & TrackingData)
  | ({ readonly status: 'Deleted'; readonly deletedAt: string } & TrackingData);

export type ActiveTracking = Extract<Tracking, { status: 'Active' }>;
