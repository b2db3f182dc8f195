import type { Plan } from '@etf-replicator/core/plans/plans';
import type { DatabasePool } from 'slonik';
import type { BillingStore } from './billing-commands';
import type { BillingGateway } from './billing-gateway';

export type BillingLog = {
  info: (object: object, message?: string) => void;
  warn: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

/** What the webhook handler and the billing routes share, assembled once by the billing feature. */
export type BillingDeps = BillingStore & {
  /** The read models (billing_customers, invoices, users). */
  readonly pool: DatabasePool;
  readonly gateway: BillingGateway;
  readonly pricePlans: ReadonlyMap<string, Plan>;
  readonly log: BillingLog;
  readonly now: () => Date;
};
