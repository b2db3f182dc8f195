import { DomainError } from '../shared/domain-error';
import { formatMoney } from '../shared/money';
import { SHARES_MESSAGES } from '../shared/shares';

/** Every way a tracking command can be refused: stable codes, spec wording where the spec has one. */
export const trackingErrors = {
  notFound: () => new DomainError('TRACKING_NOT_FOUND', 'not_found', 'Tracking not found'),
  deleted: () => new DomainError('TRACKING_DELETED', 'not_found', 'This tracking has been deleted'),
  alreadyExists: () => new DomainError('TRACKING_ALREADY_EXISTS', 'conflict', 'This tracking already exists'),
  notOwner: () =>
    new DomainError('NOT_TRACKING_OWNER', 'forbidden', 'You are not authorized to change this tracking.'),
  limitReached: () =>
    new DomainError(
      'TRACKING_LIMIT_REACHED',
      'forbidden',
      'Purchase a premium plan to unlock more trackings or upgrade your current plan',
    ),
  invalidImportedRow: (index: number, message: string) =>
    new DomainError('INVALID_IMPORTED_POSITION', 'validation', `Position ${index + 1}: ${message}`, 'rows'),
  tooManyImportedRows: (max: number) =>
    new DomainError(
      'TOO_MANY_IMPORTED_POSITIONS',
      'validation',
      `At most ${max} positions can be imported at once`,
      'rows',
    ),
  missingSymbol: () =>
    new DomainError('SYMBOL_REQUIRED', 'validation', 'Please select an ETF symbol', 'symbol'),
  invalidDriftThreshold: () =>
    new DomainError(
      'INVALID_DRIFT_THRESHOLD',
      'validation',
      'The alert threshold must be between 0.01 and 100 points, with at most 2 decimals',
      'thresholdPoints',
    ),
  invalidWeightings: () =>
    new DomainError(
      'INVALID_NUMBER_OF_WEIGHTINGS',
      'validation',
      'The number of weightings must be a whole number of at least 1',
      'numberOfWeightings',
    ),
  weightingsAbovePlan: (cap: number) =>
    new DomainError(
      'NUMBER_OF_WEIGHTINGS_ABOVE_PLAN',
      'forbidden',
      `Your plan allows up to ${cap} weightings for this ETF. Upgrade your plan to follow more holdings.`,
      'numberOfWeightings',
    ),
  noOrders: () => new DomainError('NO_ORDERS', 'validation', 'Select at least one order to record', 'orders'),
  invalidLotMethod: () =>
    new DomainError(
      'INVALID_LOT_METHOD',
      'validation',
      'The lot method must be HIFO, FIFO or TAX_OPTIMAL',
      'method',
    ),
  invalidFillPrice: () =>
    new DomainError('INVALID_PRICE', 'validation', 'The price must be a number greater than 0', 'price'),
  invalidExecutedAt: () =>
    new DomainError(
      'INVALID_EXECUTED_AT',
      'validation',
      'The execution time must be an ISO date or date-time',
      'executedAt',
    ),
  executedInFuture: () =>
    new DomainError(
      'EXECUTED_IN_FUTURE',
      'validation',
      'The execution time cannot be in the future',
      'executedAt',
    ),
  executedBeforeTracking: () =>
    new DomainError(
      'EXECUTED_BEFORE_TRACKING',
      'validation',
      'The execution time cannot be before the tracking was created',
      'executedAt',
    ),
  lotsOnBuy: () =>
    new DomainError('LOTS_ON_BUY', 'validation', 'Only a sale can name the lots it closes', 'lots'),
  lotNotFound: (lotId: string, symbol: string) =>
    new DomainError('LOT_NOT_FOUND', 'validation', `There is no open lot ${lotId} of ${symbol}`, 'lots'),
  lotAcquiredAfterSale: (lotId: string, symbol: string, acquired: string, tradeDate: string) =>
    new DomainError(
      'LOT_ACQUIRED_AFTER_SALE',
      'validation',
      `Lot ${lotId} of ${symbol} was acquired on ${acquired}, after this sale's trade date ${tradeDate}.`,
      'lots',
    ),
  tooFewSharesOnTradeDate: (held: string, symbol: string, tradeDate: string) =>
    new DomainError(
      'TOO_FEW_SHARES_ON_TRADE_DATE',
      'validation',
      `Only ${held} ${symbol} shares were held on ${tradeDate}.`,
      'shares',
    ),
  lotSharesInvalid: (lotId: string, held: string) =>
    new DomainError(
      'LOT_SHARES_INVALID',
      'validation',
      `The shares taken from lot ${lotId} must be more than 0 and at most ${held}`,
      'lots',
    ),
  lotsDoNotMatchShares: () =>
    new DomainError(
      'LOTS_DO_NOT_MATCH_SHARES',
      'validation',
      'The shares of the named lots must add up to the shares sold, each lot named once',
      'lots',
    ),
  invalidPrice: () =>
    new DomainError('INVALID_PRICE', 'validation', 'There is no valid price for this symbol', 'price'),
  fractionalDisabled: () =>
    new DomainError('FRACTIONAL_SHARES_DISABLED', 'validation', SHARES_MESSAGES.fractionalTyped, 'shares'),
  sellMoreThanHeld: (held: string) =>
    new DomainError('SELL_MORE_THAN_HELD', 'validation', SHARES_MESSAGES.cannotSellMore(held), 'shares'),
  lowerMoreThanTarget: (target: string) =>
    new DomainError(
      'LOWER_MORE_THAN_TARGET',
      'validation',
      `You cannot decrease the target amount more than ${formatMoney(target)}`,
      'amount',
    ),
  targetAboveCap: () =>
    new DomainError(
      'TARGET_ABOVE_CAP',
      'validation',
      'The target amount cannot be more than 9,999,999,999.99.',
      'amount',
    ),
  cashAboveCap: () =>
    new DomainError(
      'CASH_ABOVE_CAP',
      'validation',
      'The cash of a tracking cannot be more than 9,999,999,999.99.',
      'amount',
    ),
  actionNotFound: () =>
    new DomainError('ACTION_NOT_FOUND', 'not_found', 'This action is not in the tracking history'),
  revertOfRevert: () => new DomainError('CANNOT_REVERT_A_REVERT', 'conflict', 'A revert cannot be reverted'),
  alreadyReverted: () =>
    new DomainError('ACTION_ALREADY_REVERTED', 'conflict', 'This action has already been reverted'),
  laterSalesDepend: (symbol: string) =>
    new DomainError(
      'LATER_ACTIONS_DEPEND_ON_IT',
      'conflict',
      `This order cannot be reverted: later sales of ${symbol} use the shares it bought. Revert those sales first.`,
    ),
  laterSalesClosedLot: (symbol: string) =>
    new DomainError(
      'LATER_ACTIONS_DEPEND_ON_IT',
      'conflict',
      `This order cannot be reverted: later sales of ${symbol} closed shares of the lot it bought. Revert those sales first.`,
    ),
  laterLoweringDepends: () =>
    new DomainError(
      'LATER_ACTIONS_DEPEND_ON_IT',
      'conflict',
      'This raise cannot be reverted: the target was lowered afterwards by more than it would leave. Revert that first.',
    ),
  revertAboveCap: () =>
    new DomainError(
      'REVERT_ABOVE_CAP',
      'conflict',
      'This lowering cannot be reverted: the target amount would be more than 9,999,999,999.99. Lower the target first.',
    ),
  settingChangedLater: () =>
    new DomainError(
      'LATER_ACTIONS_DEPEND_ON_IT',
      'conflict',
      'This setting was changed again later. Revert the later change first.',
    ),
  nothingToExclude: () =>
    new DomainError('NOTHING_NAMED', 'validation', 'Name at least one stock or sector', 'symbols'),
  invalidExclusionMode: () =>
    new DomainError('INVALID_EXCLUSION_MODE', 'validation', 'The mode must be "sell" or "keep"', 'mode'),
  unknownExcludedSymbols: (symbols: readonly string[], etf: string) =>
    new DomainError(
      'UNKNOWN_SYMBOL',
      'validation',
      `${symbols.join(', ')} ${symbols.length === 1 ? 'is not a holding' : 'are not holdings'} of ${etf}`,
      'symbols',
    ),
  unknownSectors: (sectors: readonly string[], etf: string) =>
    new DomainError(
      'UNKNOWN_SECTOR',
      'validation',
      `${sectors.map((sector) => `"${sector}"`).join(', ')} ${sectors.length === 1 ? 'is not a sector' : 'are not sectors'} of ${etf}'s holdings`,
      'sectors',
    ),
  unknownIndustries: (industries: readonly string[]) =>
    new DomainError(
      'UNKNOWN_INDUSTRY',
      'validation',
      `${industries.map((industry) => `"${industry}"`).join(', ')} ${industries.length === 1 ? 'is not an industry' : 'are not industries'} of the bundled GICS classification`,
      'industries',
    ),
  industriesAbovePlan: () =>
    new DomainError(
      'EXCLUSIONS_ABOVE_PLAN',
      'forbidden',
      'The Free plan has no values screens or industry exclusions. Upgrade your plan to exclude industries.',
      'industries',
    ),
  excludesEverything: (etf: string) =>
    new DomainError(
      'EXCLUDES_EVERYTHING',
      'validation',
      `These exclusions would leave no holding of ${etf} to buy. Keep at least one stock in the tracking.`,
      'symbols',
    ),
  indexNeedsPaidPlan: () =>
    new DomainError(
      'INDEX_ABOVE_PLAN',
      'forbidden',
      'Blends of ETFs and your own lists need a paid plan (Starter, Growth or Pro); your plan is Free. Upgrade your plan to use them.',
      'index',
    ),
  indexChangedLater: () =>
    new DomainError(
      'INDEX_CHANGED_LATER',
      'conflict',
      'The index was changed again later; revert that change first',
    ),
  exclusionsAbovePlan: () =>
    new DomainError(
      'EXCLUSIONS_ABOVE_PLAN',
      'forbidden',
      'The Free plan allows one excluded stock and no excluded sectors. Upgrade your plan to exclude more.',
      'symbols',
    ),
  revertExclusionsAbovePlan: (stocks: number, sectors: number, industries = 0) =>
    new DomainError(
      'REVERT_ABOVE_PLAN',
      'conflict',
      `This revert would restore ${stocks} excluded ${stocks === 1 ? 'stock' : 'stocks'}${sectors > 0 ? ` and ${sectors} excluded ${sectors === 1 ? 'sector' : 'sectors'}` : ''}${industries > 0 ? ` and ${industries} excluded ${industries === 1 ? 'industry' : 'industries'}` : ''}, and the Free plan allows one excluded stock and no excluded sectors. Upgrade your plan to revert it, or change the exclusions instead.`,
    ),
  exclusionsChangedLater: () =>
    new DomainError(
      'LATER_ACTIONS_DEPEND_ON_IT',
      'conflict',
      'The exclusions were changed again later. Revert the later change first.',
    ),
  orderInHarvest: () =>
    new DomainError(
      'ORDER_IN_HARVEST',
      'conflict',
      'This order is part of a harvest: revert the harvest to undo both of its orders.',
    ),
  washSaleBlocked: (reason: string, until: string) =>
    new DomainError('WASH_SALE_BLOCKED', 'conflict', `Harvesting is blocked until ${until}: ${reason}`),
  noLossLots: (symbol: string) =>
    new DomainError(
      'NO_LOSS_LOTS',
      'validation',
      `No lot of ${symbol} is at a loss at the latest price, so there is nothing to harvest.`,
      'symbol',
    ),
  replacementNotAllowed: (replacement: string, allowed: readonly string[]) =>
    new DomainError(
      'REPLACEMENT_NOT_ALLOWED',
      'validation',
      allowed.length === 0
        ? `No replacement is available for this stock, so ${replacement} cannot be bought instead.`
        : `${replacement} cannot replace this stock; choose one of ${allowed.join(', ')}.`,
      'replacement',
    ),
  replacementTooExpensive: (replacement: string) =>
    new DomainError(
      'REPLACEMENT_TOO_EXPENSIVE',
      'validation',
      `The sale's proceeds do not buy one share of ${replacement}; choose another replacement or turn on fractional shares.`,
      'replacement',
    ),
  noSubstitution: (symbol: string) =>
    new DomainError(
      'NO_SUBSTITUTION',
      'validation',
      `No harvested stock ${symbol} has a replacement in this tracking.`,
      'symbol',
    ),
  replacementAlreadyKept: (symbol: string) =>
    new DomainError('REPLACEMENT_ALREADY_KEPT', 'conflict', `The replacement of ${symbol} is already kept.`),
} as const;
