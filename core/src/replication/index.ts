export * from './adjustment-orders';
export * from './bands';
export * from './current-replication';
export * from './replicate';
export * from './sector-weights';
export * from './types';
