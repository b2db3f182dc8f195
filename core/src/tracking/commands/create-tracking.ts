import { canCreateTracking } from '../../plans/plans';
import { AMOUNT_MESSAGES, parseAmount, toMoneyString } from '../../shared/money';
import type { CreateTracking } from '../commands';
import { trackingErrors } from '../errors';
import type { TrackingCreated } from '../events';
import type { Tracking } from '../state';
import { checkNumberOfWeightings, emit, occurredAt } from './guards';

/** Starts a tracking: cash = target amount, no positions. The plan's tracking count and weightings cap apply. */
export const createTracking = ({ data, metadata }: CreateTracking, state: Tracking): TrackingCreated[] => {
  if (state.status !== 'Empty') throw trackingErrors.alreadyExists();
  const symbol = data.symbol.trim().toUpperCase();
  if (symbol === '') throw trackingErrors.missingSymbol();
  const targetAmount = parseAmount(data.targetAmount, 'targetAmount', AMOUNT_MESSAGES.wizardInvalid);
  if (!canCreateTracking(data.plan, data.existingTrackings)) throw trackingErrors.limitReached();
  checkNumberOfWeightings(data.numberOfWeightings, data.numberOfWeightingsCap);
  return emit<TrackingCreated>(metadata, 'TrackingCreated', {
    trackingId: data.trackingId,
    userId: data.userId,
    symbol,
    targetAmount: toMoneyString(targetAmount),
    fractionalShares: data.fractionalShares ?? false,
    autoTracking: data.autoTracking ?? false,
    numberOfWeightings: data.numberOfWeightings,
    occurredAt: occurredAt(metadata),
  });
};
