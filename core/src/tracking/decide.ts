import type { TrackingCommand } from './commands';
import { changeIndex } from './commands/change-index';
import { addCash, lowerTarget, raiseTarget } from './commands/change-target';
import { applyCorporateAction } from './commands/corporate-action';
import { createTracking } from './commands/create-tracking';
import { checkDrift } from './commands/drift';
import { excludeHoldings, includeHoldings } from './commands/exclusions';
import { executeOrder, executeOrders } from './commands/execute-order';
import { harvestLosses, keepReplacement } from './commands/harvest';
import { revertAction } from './commands/revert-action';
import {
  changeDriftAlertSettings,
  changeLotMethod,
  changeNumberOfWeightings,
  deleteTracking,
  toggleAutoTracking,
  toggleFractional,
} from './commands/settings';
import { setTaxBudget } from './commands/tax-budget';
import type { TrackingEvent } from './events';
import type { Tracking } from './state';

/** Pure: validates the command against the state and returns the events it causes, or throws a DomainError. */
export const decide = (command: TrackingCommand, state: Tracking): TrackingEvent[] => {
  const { type } = command;
  switch (type) {
    case 'CreateTracking':
      return createTracking(command, state);
    case 'ExecuteOrder':
      return executeOrder(command, state);
    case 'ExecuteOrders':
      return executeOrders(command, state);
    case 'RaiseTarget':
      return raiseTarget(command, state);
    case 'LowerTarget':
      return lowerTarget(command, state);
    case 'AddCash':
      return addCash(command, state);
    case 'ToggleFractional':
      return toggleFractional(command, state);
    case 'ToggleAutoTracking':
      return toggleAutoTracking(command, state);
    case 'ChangeNumberOfWeightings':
      return changeNumberOfWeightings(command, state);
    case 'ChangeLotMethod':
      return changeLotMethod(command, state);
    case 'ExcludeHoldings':
      return excludeHoldings(command, state);
    case 'IncludeHoldings':
      return includeHoldings(command, state);
    case 'RevertAction':
      return revertAction(command, state);
    case 'DeleteTracking':
      return deleteTracking(command, state);
    case 'ChangeDriftAlertSettings':
      return changeDriftAlertSettings(command, state);
    case 'CheckDrift':
      return checkDrift(command, state);
    case 'HarvestLosses':
      return harvestLosses(command, state);
    case 'KeepReplacement':
      return keepReplacement(command, state);
    case 'ApplyCorporateAction':
      return applyCorporateAction(command, state);
    case 'ChangeIndex':
      return changeIndex(command, state);
    case 'SetTaxBudget':
      return setTaxBudget(command, state);
    default: {
      const _notExistingCommandType: never = type;
      throw new Error(`Unknown tracking command ${String(_notExistingCommandType)}`);
    }
  }
};
