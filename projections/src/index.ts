export * from './db';
export * from './migrate-read-models';
export * from './rebuild';
export * from './runner';
