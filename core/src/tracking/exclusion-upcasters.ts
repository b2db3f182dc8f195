import type { Upcaster } from '../shared/upcast';

/**
 * Issue 30: exclusions gained `industries`. A v1 payload had none, so it reads as exactly what it was: no industry
 * excluded by the action, none excluded before it (nor restored by a revert of it).
 */
type Payload = Record<string, unknown>;

const withNoIndustries = (exclusions: unknown): unknown =>
  exclusions && typeof exclusions === 'object' ? { industries: [], ...(exclusions as Payload) } : exclusions;

/** HoldingsExcluded and HoldingsIncluded v1 → v2. */
export const exclusionChangeV1: Upcaster = (data) => {
  const payload = data as Payload;
  return { industries: [], ...payload, previous: withNoIndustries(payload.previous) };
};

/** ActionReverted v1 → v2: the exclusions a revert restores. */
export const actionRevertedV1: Upcaster = (data) => {
  const payload = data as Payload;
  const compensation = payload.compensation as Payload | undefined;
  if (!compensation || compensation.exclusions === undefined) return data;
  return {
    ...payload,
    compensation: { ...compensation, exclusions: withNoIndustries(compensation.exclusions) },
  };
};
