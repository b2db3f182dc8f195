export * from './gains';
export * from './holdings';
export * from './netting';
export * from './overlap';
export * from './portfolio';
export * from './types';
