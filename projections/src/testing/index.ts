export * from './in-memory-event-store';
export * from './server-url';
export * from './settled-reads';
export * from './test-databases';
