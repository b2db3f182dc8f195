import {
  indexLabel,
  type RecordedEvent,
  type TrackingEvent,
  toTrackingEvent,
  trackingEventSchemas,
} from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import { type DeferrableWrite, deferWrite, runWrite } from '../runner/deferred-writes';
import type { Projector } from '../runner/projector';
import { corporateActionEntry } from './corporate-action-entry';

type Entry = { actionType: string; details: HistoryEntry['details'] } | undefined;

/** What an exclusion change named; industries (issue 30) only when there are some, as entries before them read. */
const exclusionNames = (data: {
  symbols: readonly string[];
  sectors: readonly string[];
  industries: readonly string[];
}) => ({
  symbols: [...data.symbols],
  sectors: [...data.sectors],
  ...(data.industries.length > 0 ? { industries: [...data.industries] } : {}),
});

const entryFor = (event: TrackingEvent): Entry => {
  switch (event.type) {
    case 'OrderExecuted': {
      const { orderType, shares, symbol, amount } = event.data;
      // The price the order was filled at (the snapshot price unless the user gave their broker's).
      const price = event.data.fillPrice ?? event.data.price;
      const harvestId = event.data.harvestId;
      return {
        actionType: 'EXECUTE_ORDER',
        details: { orderType, shares, symbol, price, amount, ...(harvestId ? { harvestId } : {}) },
      };
    }
    case 'TargetRaised':
      return {
        actionType: 'RAISE_TARGET',
        details: { amount: event.data.amount, targetAmount: event.data.targetAmount },
      };
    case 'TargetLowered':
      return {
        actionType: 'LOWER_TARGET',
        details: { amount: event.data.amount, targetAmount: event.data.targetAmount },
      };
    case 'CashAdded':
      return { actionType: 'ADD_CASH', details: { amount: event.data.amount } };
    case 'FractionalSharesToggled':
      return {
        actionType: 'TOGGLE_FRACTIONAL',
        details: {
          setting: 'fractionalShares',
          from: !event.data.fractionalShares,
          to: event.data.fractionalShares,
        },
      };
    case 'AutoTrackingToggled':
      return {
        actionType: 'TOGGLE_AUTO_TRACKING',
        details: { setting: 'autoTracking', from: !event.data.autoTracking, to: event.data.autoTracking },
      };
    case 'NumberOfWeightingsChanged':
      return {
        actionType: 'CHANGE_NUMBER_OF_WEIGHTINGS',
        details: {
          setting: 'numberOfWeightings',
          from: event.data.previousNumberOfWeightings,
          to: event.data.numberOfWeightings,
        },
      };
    case 'LotMethodChanged':
      return {
        actionType: 'CHANGE_LOT_METHOD',
        details: { setting: 'lotMethod', from: event.data.previousLotMethod, to: event.data.lotMethod },
      };
    case 'TaxBudgetSet':
      return {
        actionType: 'SET_TAX_BUDGET',
        details: {
          setting: 'taxBudget',
          ...(event.data.taxBudget ? { taxBudget: event.data.taxBudget } : {}),
          previousTaxBudget: event.data.previous,
        },
      };
    case 'HoldingsExcluded':
      return {
        actionType: 'EXCLUDE_HOLDINGS',
        details: { ...exclusionNames(event.data), mode: event.data.mode },
      };
    case 'HoldingsIncluded':
      return { actionType: 'INCLUDE_HOLDINGS', details: exclusionNames(event.data) };
    case 'HarvestRecorded':
      return {
        actionType: 'HARVEST',
        details: {
          symbol: event.data.symbol,
          replacement: event.data.replacement,
          amount: event.data.realisedLoss,
          windowEndsAt: event.data.windowEndsAt,
        },
      };
    case 'ReplacementKept':
      return {
        actionType: 'KEEP_REPLACEMENT',
        details: { symbol: event.data.symbol, replacement: event.data.replacement },
      };
    case 'ActionReverted':
      return { actionType: 'REVERT', details: { revertsActionId: event.data.actionId } };
    case 'DriftAlertRaised':
      // Listed, not revertible: what a new snapshot did to the tracking, not something the user did.
      return {
        actionType: 'DRIFT_ALERT',
        details: {
          ...(event.data.referenceRate === null ? {} : { referenceRate: event.data.referenceRate }),
          currentRate: event.data.currentRate,
          thresholdPoints: event.data.thresholdPoints,
        },
      };
    case 'DriftAlertSettingsChanged':
      // Listed, not revertible (queries.ts): it moves no money.
      return {
        actionType: 'CHANGE_DRIFT_ALERT',
        details: {
          setting: 'driftAlert',
          from: event.data.previousEnabled,
          to: event.data.enabled,
          previousThresholdPoints: event.data.previousThresholdPoints,
          thresholdPoints: event.data.thresholdPoints,
        },
      };
    case 'PositionsImported':
      // Listed, not revertible (queries.ts): the tracking's starting point, decided with its creation.
      return {
        actionType: 'IMPORT_POSITIONS',
        details: {
          amount: event.data.amount,
          lots: event.data.lots.length,
          stocks: new Set(event.data.lots.map((lot) => lot.symbol)).size,
        },
      };
    case 'CorporateActionApplied':
      return corporateActionEntry(event);
    case 'IndexChanged':
      return {
        actionType: 'CHANGE_INDEX',
        details: {
          setting: 'index',
          from: indexLabel(event.data.previous),
          to: indexLabel(event.data.index),
        },
      };
    default:
      return undefined; // creation and deletion are not actions
  }
};

const parse = (recorded: RecordedEvent): TrackingEvent | undefined => {
  try {
    return toTrackingEvent(recorded);
  } catch {
    return undefined;
  }
};

type HistoryRow = {
  actionId: string;
  trackingId: string;
  revision: number;
  occurredAt: string;
  actionType: string;
  details: HistoryEntry['details'];
};

/**
 * Applies a page: every entry in one multi-row insert (replays are no-ops, keyed by action id), the totals moved by
 * what was really inserted, then the reverts marking the rows they undid.
 */
const applyBatch = async (tx: DatabaseTransactionConnection, events: readonly RecordedEvent[]) => {
  const rows: HistoryRow[] = [];
  const reverts: { trackingId: string; actionId: string; revertedBy: string }[] = [];
  for (const recorded of events) {
    const event = parse(recorded);
    const entry = event && entryFor(event);
    if (!event || !entry) continue;
    const trackingId = recorded.streamId.slice('tracking-'.length);
    rows.push({
      actionId: recorded.id,
      trackingId,
      revision: recorded.streamRevision,
      occurredAt: (event.data as { occurredAt: string }).occurredAt,
      actionType: entry.actionType,
      details: entry.details,
    });
    if (event.type === 'ActionReverted')
      reverts.push({ trackingId, actionId: event.data.actionId, revertedBy: recorded.id });
  }
  if (rows.length === 0) return;
  const write: DeferrableWrite = {
    ctes: [
      [
        'history_inserted',
        sql.fragment`
          insert into tracking_history (action_id, tracking_id, stream_revision, occurred_at, action_type, details)
          select * from json_to_recordset(${JSON.stringify(rows)}::json)
                     as r("actionId" text, "trackingId" text, revision int8, "occurredAt" timestamptz,
                          "actionType" text, details jsonb)
          on conflict (action_id) do nothing
          returning tracking_id`,
      ],
    ],
    statement: sql.fragment`
      insert into tracking_history_totals (tracking_id, total)
      select tracking_id, count(*) from history_inserted group by tracking_id
      on conflict (tracking_id) do update set total = tracking_history_totals.total + excluded.total`,
  };
  // A revert marks rows this very page may insert: then the insert runs now, before the update reads them.
  if (reverts.length > 0) await runWrite(tx, write);
  else await deferWrite(tx, write);
  if (reverts.length > 0) {
    await tx.query(sql.unsafe`
      update tracking_history h set reverted = true, reverted_by = r.reverted_by
        from unnest(${sql.array(
          reverts.map((r) => r.actionId),
          'text',
        )}, ${sql.array(
          reverts.map((r) => r.trackingId),
          'text',
        )}, ${sql.array(
          reverts.map((r) => r.revertedBy),
          'text',
        )}) as r(action_id, tracking_id, reverted_by)
       where h.tracking_id = r.tracking_id
         and (h.action_id = r.action_id or h.details->>'harvestId' = r.action_id)`);
  }
};

/** `tracking_history`: one row per action, a revert marking the row it undid, and each tracking's entry count. */
export const trackingHistoryProjector: Projector = {
  name: 'tracking_history',
  inline: true,
  eventTypes: Object.keys(trackingEventSchemas),
  tables: ['tracking_history', 'tracking_history_totals'],
  handle: (tx, recorded) => applyBatch(tx, [recorded]),
  handleBatch: applyBatch,
};
