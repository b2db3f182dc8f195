export * from './checkpoints';
export * from './commit-hooks';
export * from './deferred-writes';
export * from './failures';
export * from './projection-runner';
export * from './projector';
export * from './shared-with-members';
export * from './switch-to-inline';
