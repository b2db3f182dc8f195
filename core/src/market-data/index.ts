export * from './csv';
export * from './funds';
export * from './holdings';
export * from './join';
export * from './prices';
export * from './ticker';
export * from './us-market-holidays';
