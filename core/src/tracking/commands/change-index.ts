import {
  checkIndexDefinition,
  type IndexDefinition,
  type IndexDefinitionInput,
  needsPaidPlan,
  sameIndex,
} from '../../indexes/definition';
import type { PlanClaim } from '../../plans/plans';
import type { ChangeIndex } from '../commands';
import { trackingErrors } from '../errors';
import type { IndexChanged } from '../events';
import type { Tracking } from '../state';
import { trackingIndex } from '../tracking-index';
import { emit, occurredAt, requireActive } from './guards';

/** The definition checked (400 naming the row) and within the plan (blends and lists: paid plans, else 403). */
export const checkIndexForPlan = (input: IndexDefinitionInput, plan: PlanClaim): IndexDefinition => {
  const index = checkIndexDefinition(input);
  if (needsPaidPlan(index) && plan == null) throw trackingErrors.indexNeedsPaidPlan();
  return index;
};

/**
 * Replicates another index from now on (issue 30): a revertible action, like an exclusion change; the orders it
 * implies are the read side's to derive (and the API's to preview). Asking for the index the tracking has changes
 * nothing.
 */
export const changeIndex = ({ data, metadata }: ChangeIndex, state: Tracking): IndexChanged[] => {
  const tracking = requireActive(state, metadata);
  const index = checkIndexForPlan(data.index, data.plan);
  const previous = trackingIndex(tracking);
  if (sameIndex(index, previous)) return [];
  return emit<IndexChanged>(metadata, 'IndexChanged', { index, previous, occurredAt: occurredAt(metadata) });
};
