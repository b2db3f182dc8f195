export * from './events';
export { feedbackProjector } from './projector';
export * from './queries';
