export * from './decider';
export * from './decimal';
export * from './domain-error';
export * from './event-versions';
export * from './money';
export * from './shares';
export * from './upcast';
