export * from './tracking-quota';
