export * from './composition';
export * from './custom-csv';
export * from './definition';
export * from './resolve';
export * from './screens';
