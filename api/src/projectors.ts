import type { Projector } from '@etf-replicator/projections';
import { auditLogProjector } from '@etf-replicator/projections/audit-log/projector';
import { billingAccountsProjector } from '@etf-replicator/projections/billing-accounts/projector';
import { feedbackProjector } from '@etf-replicator/projections/feedback/projector';
import { invoicesProjector } from '@etf-replicator/projections/invoices/projector';
import { etfMarketDataProjector } from '@etf-replicator/projections/market-data/projector';
import { notificationsProjector } from '@etf-replicator/projections/notifications/projector';
import { trackingHistoryProjector } from '@etf-replicator/projections/tracking-history/projector';
import { trackingSlotsProjector } from '@etf-replicator/projections/tracking-slots/projector';
import { trackingsProjector } from '@etf-replicator/projections/trackings/projector';
import { usersProjector } from '@etf-replicator/projections/users/projector';

/** Every read model the API serves, in one list the runner, rebuild and health share. */
export const projectors: readonly Projector[] = [
  auditLogProjector,
  feedbackProjector,
  etfMarketDataProjector,
  usersProjector,
  billingAccountsProjector,
  invoicesProjector,
  trackingsProjector,
  trackingHistoryProjector,
  trackingSlotsProjector,
  notificationsProjector,
];
