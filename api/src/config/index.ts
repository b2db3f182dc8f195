export * from './config-schema';
export * from './load-config';
