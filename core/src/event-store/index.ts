export * from './errors';
export * from './stream-id';
export type * from './types';
