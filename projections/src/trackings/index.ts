export * from './derive-tracking-view';
export { TRACKINGS_PROJECTION, trackingsProjector } from './projector';
export * from './queries';
export { rederiveDatedTrackings } from './rederive-dated';
export * from './replay-tracking';
export * from './sources';
export * from './tracking-state-codec';
export * from './tracking-states';
