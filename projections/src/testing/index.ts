export * from './in-memory-event-store';
export * from './server-url';
export * from './test-databases';
