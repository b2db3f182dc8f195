export * from './commands';
export * from './decide';
export * from './decider';
export * from './errors';
export * from './events';
export * from './history';
export * from './lots';
export * from './state';
