export * from './dates';
export * from './form-8949';
export * from './gains';
export * from './harvesting';
export * from './ledger';
export * from './ledger-facts';
export type {
  AcquisitionFact,
  ClosedRow,
  CorporateActionFact,
  LedgerLot,
  SaleFact,
  Term as LedgerTerm,
  TradeFact,
  WashAdjustment,
  WashWindow,
} from './ledger-types';
export * from './purchases';
export * from './replacements';
export * from './security-keys';
export * from './share-classes';
export * from './tax-report';
export * from './trade-date';
export * from './wash-sale';
