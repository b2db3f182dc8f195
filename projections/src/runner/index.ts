export * from './checkpoints';
export * from './projection-runner';
export * from './projector';
export * from './switch-to-inline';
