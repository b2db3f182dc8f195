import type { Command, DefaultCommandMetadata } from '../../shared/decider';
import { toDecimalString } from '../../shared/decimal';
import { DomainError } from '../../shared/domain-error';
import type { ActionReverted, CorporateActionApplied, CorporateActionType } from '../events';
import { lotsCoveredBy, lotToJson } from '../evolve-corporate-action';
import type { Tracking, TrackingAction } from '../state';
import { emit, occurredAt } from './guards';

/**
 * The system applies a recorded corporate action (market data) to one tracking. The API runs it for every live
 * tracking when an action is recorded; the event id derives from the tracking and the action.
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

/**
 * Pure: the CorporateActionApplied this tracking needs, or nothing — not live, no lots of the symbol acquired on or
 * before the effective date, or this action already applied (even if reverted since: applying it again is a no-op).
 */
export const applyCorporateAction = (
  { data, metadata }: ApplyCorporateAction,
  state: Tracking,
): CorporateActionApplied[] => {
  if (state.status !== 'Active') return [];
  if (state.actions.some((entry) => entry.corporateAction?.corporateActionId === data.actionId)) return [];
  const covered = lotsCoveredBy(state.lots, data.symbol, data.effectiveOn);
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
