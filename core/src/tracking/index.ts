export * from './commands';
export { checkIndexForPlan } from './commands/change-index';
export {
  checkExclusions,
  FREE_EXCLUDED_STOCKS,
  proposedExclusions,
  resolveExclusionNames,
} from './commands/exclusions';
export { checkTaxBudget } from './commands/tax-budget';
export * from './decide';
export * from './decider';
export * from './errors';
export * from './events';
export * from './exclusions';
export * from './history';
export * from './lot-book';
export * from './lots';
export * from './state';
export * from './substitutions';
export * from './tracking-index';
