import { ZERO } from '../shared/decimal';
import type { ActionType } from './events';
import type { TrackingAction } from './state-types';

/** One history entry as evolve records it: what the action changed (so that it can be reverted), not reverted yet. */
export const action = (
  actionId: string,
  type: ActionType,
  occurredAt: string,
  changes: Partial<
    Pick<
      TrackingAction,
      'cashChange' | 'targetChange' | 'positionChange' | 'setting' | 'lots' | 'exclusionsBefore' | 'harvestId'
    >
  >,
): TrackingAction => ({
  actionId,
  type,
  occurredAt,
  cashChange: changes.cashChange ?? ZERO,
  targetChange: changes.targetChange ?? ZERO,
  positionChange: changes.positionChange ?? null,
  setting: changes.setting ?? null,
  lots: changes.lots ?? null,
  exclusionsBefore: changes.exclusionsBefore ?? null,
  reverted: false,
  revertedBy: null,
  revertsActionId: null,
  harvestId: changes.harvestId ?? null,
});
