export { billingDecider } from './aggregate';
export type * from './commands';
export type { BillingAggregate } from './decide';
export * from './events';
export * from './plan-offerings';
export * from './state';
export * from './subscriptions';
