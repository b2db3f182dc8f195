export { billingAccountsProjector } from './projector';
export * from './queries';
