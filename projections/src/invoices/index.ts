export { invoicesProjector } from './projector';
export * from './queries';
