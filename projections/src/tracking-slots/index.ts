export { TRACKING_SLOTS_PROJECTION, trackingSlotsProjector } from './projector';
export * from './queries';
