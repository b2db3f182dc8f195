export { buildApp } from './app';
export * from './config';
export * from './infrastructure/infrastructure';
export { projectors } from './projectors';
