export { trackingHistoryProjector } from './projector';
export * from './queries';
