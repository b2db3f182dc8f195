import type { Command, DefaultCommandMetadata } from '../../shared/decider';
import { toDecimalString } from '../../shared/decimal';
import { DomainError } from '../../shared/domain-error';
import type { ActionReverted, CorporateActionApplied, CorporateActionType } from '../events';
import { lotsCoveredBy, lotToJson } from '../evolve-corporate-action';
import type { Tracking, TrackingAction } from '../state';
import { emit, occurredAt } from './guards';

/**
 * The system applies a recorded corporate action (market data) to one tracking. The API runs it for every live
 * tracking when an action is recorded (no `lotIds`; the event id derives from the tracking and the action), and
 * for the lots a BUY dated before the effective date opened (`lotIds`; the id includes them: backdated-buys.ts).
 */
export type ApplyCorporateAction = Command<
  'ApplyCorporateAction',
  {
    actionId: string;
    type: CorporateActionType;
    symbol: string;
    toSymbol: string | null;
    ratio: string;
    basisFraction: string | null;
    effectiveOn: string;
    /** Only these lots (the ones a backdated BUY opened); absent: every lot held on the effective date. */
    lotIds?: readonly string[];
  }
>;

export const corporateActionErrors = {
  laterActionsDepend: (symbol: string) =>
    new DomainError(
      'LATER_ACTIONS_DEPEND_ON_IT',
      'conflict',
      `This corporate action cannot be reverted: later actions changed the shares of ${symbol}. Revert those first.`,
    ),
  corporateActionLater: (symbol: string) =>
    new DomainError(
      'LATER_ACTIONS_DEPEND_ON_IT',
      'conflict',
      `This action cannot be reverted: a later corporate action changed the lots of ${symbol}. Revert it first.`,
    ),
};

/** Ids of the lots earlier applications of `actionId` covered (reverted ones too: those lots stay as restored). */
export const lotIdsCoveredBefore = (state: Tracking, actionId: string): ReadonlySet<string> => {
  if (state.status !== 'Active') return new Set();
  return new Set(
    state.actions.flatMap((entry) =>
      entry.corporateAction?.corporateActionId === actionId
        ? entry.corporateAction.lotsBefore.map((lot) => lot.lotId)
        : [],
    ),
  );
};

/**
 * Pure: the CorporateActionApplied this tracking needs, or nothing. Applied per lot: it covers the lots of the
 * symbol held on the effective date (acquired before it, still open) that no earlier application of this action
 * covered — an application reverted since included, so applying again never undoes a revert.
 * Without `lotIds` (the application when the action is recorded) a tracking that had this action applied gets
 * nothing more: the lots it opened since came from imports (a broker file already lists adjusted shares) or from
 * BUYs whose own application named them.
 */
export const applyCorporateAction = (
  { data, metadata }: ApplyCorporateAction,
  state: Tracking,
): CorporateActionApplied[] => {
  if (state.status !== 'Active') return [];
  const coveredBefore = lotIdsCoveredBefore(state, data.actionId);
  const appliedBefore = state.actions.some(
    (entry) => entry.corporateAction?.corporateActionId === data.actionId,
  );
  if (data.lotIds === undefined && appliedBefore) return [];
  const only = data.lotIds === undefined ? null : new Set(data.lotIds);
  const covered = lotsCoveredBy(state.lots, data.symbol, data.effectiveOn).filter(
    (lot) => !coveredBefore.has(lot.lotId) && (only === null || only.has(lot.lotId)),
  );
  if (covered.length === 0) return [];
  return emit<CorporateActionApplied>(metadata, 'CorporateActionApplied', {
    actionId: data.actionId,
    type: data.type,
    symbol: data.symbol,
    toSymbol: data.type === 'SPLIT' ? null : data.toSymbol,
    ratio: data.ratio,
    basisFraction: data.type === 'SPINOFF' ? data.basisFraction : null,
    effectiveOn: data.effectiveOn,
    lotsBefore: covered.map(lotToJson),
    occurredAt: occurredAt(metadata),
  });
};

const isEffective = (entry: TrackingAction) => entry.type !== 'REVERT' && !entry.reverted;

const symbolsOf = (entry: TrackingAction): string[] => {
  const ca = entry.corporateAction;
  if (ca) return [ca.symbol, ...ca.positionChanges.map((change) => change.symbol)];
  return entry.positionChange ? [entry.positionChange.symbol] : [];
};

/**
 * A revert of an order (or harvest) is refused when a later corporate action changed the lots of its symbol: the
 * order's compensation no longer matches them. Revert the corporate action first.
 */
export const checkNoLaterCorporateAction = (
  touched: readonly TrackingAction[],
  later: readonly TrackingAction[],
): void => {
  const symbols = new Set(touched.flatMap(symbolsOf));
  for (const entry of later) {
    if (!entry.corporateAction) continue;
    const hit = symbolsOf(entry).find((symbol) => symbols.has(symbol));
    if (hit) throw corporateActionErrors.corporateActionLater(hit);
  }
};

/**
 * Undoes a corporate action exactly: the lots it changed come back as they were (removed, then reopened from
 * `lotsBefore`), the positions, last prices and (RENAME) exclusions too. Refused (409) when a later effective
 * action changed the shares or lots of a symbol it touched, or (RENAME) the exclusions.
 */
export const revertCorporateAction = (
  target: TrackingAction,
  later: readonly TrackingAction[],
  metadata: DefaultCommandMetadata,
): ActionReverted[] => {
  const record = target.corporateAction;
  if (!record) throw new Error('A CORPORATE_ACTION entry records what it did');
  const symbols = new Set(symbolsOf(target));
  for (const entry of later.filter(isEffective)) {
    const hit = symbolsOf(entry).find((symbol) => symbols.has(symbol));
    if (hit) throw corporateActionErrors.laterActionsDepend(hit);
    if (record.exclusionsBefore && entry.exclusionsBefore)
      throw corporateActionErrors.laterActionsDepend(record.symbol);
  }
  return emit<ActionReverted>(metadata, 'ActionReverted', {
    actionId: target.actionId,
    actionType: 'CORPORATE_ACTION',
    compensation: {
      cash: '0.00',
      targetAmount: '0.00',
      positions: record.positionChanges.map(({ symbol, shares }) => ({
        symbol,
        shares: toDecimalString(shares.neg()),
      })),
      settings: {},
      lots: {
        remove: [...record.lotIdsAfter],
        reopen: record.lotsBefore.map(lotToJson),
      },
      ...(record.exclusionsBefore ? { exclusions: record.exclusionsBefore } : {}),
      lastPrices: record.lastPricesBefore.map(({ symbol, price }) => ({ symbol, price: price.toFixed() })),
    },
    occurredAt: occurredAt(metadata),
  });
};
