import type { Decider } from '../shared/decider';
import { userDecider } from '../user/decide';
import type { UserEvent } from '../user/events';
import type { BillingCommand } from './commands';
import { type BillingAggregate, decideBilling } from './decide';
import { evolveBilling, initialBillingState } from './state';

const initialState = (): BillingAggregate => ({
  user: userDecider.initialState(),
  billing: initialBillingState(),
});

const evolve = (state: BillingAggregate, event: UserEvent): BillingAggregate => ({
  user: userDecider.evolve(state.user, event),
  billing: evolveBilling(state.billing, event),
});

/** Billing commands run against the user stream: the account and its billing folded together. */
export const billingDecider: Decider<BillingAggregate, BillingCommand, UserEvent> = {
  decide: decideBilling,
  evolve,
  initialState,
};
