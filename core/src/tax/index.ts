export * from './gains';
