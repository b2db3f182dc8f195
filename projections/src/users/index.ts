export { usersProjector } from './projector';
export * from './queries';
