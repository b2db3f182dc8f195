export * from './fund-queries';
export * from './latest-snapshot';
export * from './projector';
export * from './reference-data';
export { escapeLike, searchTerms } from './search-terms';
export * from './symbol-queries';
