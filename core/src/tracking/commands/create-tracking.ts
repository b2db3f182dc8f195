import { canCreateTracking } from '../../plans/plans';
import { AMOUNT_MESSAGES, parseAmount, toMoneyString } from '../../shared/money';
import type { CreateTracking } from '../commands';
import { trackingErrors } from '../errors';
import type { PositionsImported, TaxBudgetSet, TrackingCreated } from '../events';
import { NEW_TRACKING_LOT_METHOD } from '../lots';
import type { Tracking } from '../state';
import { indexStreamSymbol } from '../tracking-index';
import { checkIndexForPlan } from './change-index';
import { checkNumberOfWeightings, emit, occurredAt } from './guards';
import { importedPositionsEvent } from './import-positions';
import { checkTaxBudget } from './tax-budget';

/**
 * Starts a tracking: cash = target amount, no positions, lots sold TAX_OPTIMAL unless the user changes the method. The plan's tracking count and weightings cap apply. With
 * imported positions (issue 17) a PositionsImported event follows in the same append, and with a gains budget
 * (issue 31) a TaxBudgetSet after it: all or nothing.
 */
export const createTracking = (
  { data, metadata }: CreateTracking,
  state: Tracking,
): (TrackingCreated | PositionsImported | TaxBudgetSet)[] => {
  if (state.status !== 'Empty') throw trackingErrors.alreadyExists();
  const index = data.index ? checkIndexForPlan(data.index, data.plan) : undefined;
  const symbol = index ? indexStreamSymbol(index) : data.symbol.trim().toUpperCase();
  if (symbol === '') throw trackingErrors.missingSymbol();
  const targetAmount = parseAmount(data.targetAmount, 'targetAmount', AMOUNT_MESSAGES.wizardInvalid);
  if (!canCreateTracking(data.plan, data.existingTrackings)) throw trackingErrors.limitReached();
  checkNumberOfWeightings(data.numberOfWeightings, data.numberOfWeightingsCap);
  const imported = data.importedPositions ? [importedPositionsEvent(data.importedPositions, metadata)] : [];
  const budget: TaxBudgetSet[] = data.taxBudget
    ? [
        {
          id: data.taxBudget.eventId,
          type: 'TaxBudgetSet',
          data: {
            taxBudget: checkTaxBudget(data.taxBudget, metadata.now),
            previous: null,
            occurredAt: occurredAt(metadata),
          },
        },
      ]
    : [];
  const created = emit<TrackingCreated>(metadata, 'TrackingCreated', {
    trackingId: data.trackingId,
    userId: data.userId,
    symbol,
    targetAmount: toMoneyString(targetAmount),
    fractionalShares: data.fractionalShares ?? false,
    autoTracking: data.autoTracking ?? false,
    numberOfWeightings: data.numberOfWeightings,
    lotMethod: NEW_TRACKING_LOT_METHOD,
    ...(index && index.type !== 'etf' ? { index } : {}),
    occurredAt: occurredAt(metadata),
  });
  return [...created, ...imported, ...budget];
};
