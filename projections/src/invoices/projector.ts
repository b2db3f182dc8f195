import { streamCategory } from '@etf-replicator/core';
import { safeParseUserEvent } from '@etf-replicator/core/user/index';
import { sql } from 'slonik';
import type { Projector } from '../runner/projector';

/**
 * `invoices`: one row per Stripe invoice with its latest recorded status, for 'Your Invoices'. Rows remember the
 * revision they applied, so a replayed event changes nothing; events that break their schema are skipped.
 */
export const invoicesProjector: Projector = {
  name: 'invoices',
  eventTypes: ['InvoiceRecorded'],
  tables: ['invoices'],
  handle: async (tx, recorded) => {
    if (streamCategory(recorded.streamId) !== 'user') return;
    const event = safeParseUserEvent(recorded);
    if (event?.type !== 'InvoiceRecorded') return;
    const { data } = event;
    await tx.query(sql.unsafe`
      insert into invoices (invoice_id, user_id, customer_id, subscription_id, number, description, amount_cents,
                            currency, status, payment_failed, invoice_pdf, hosted_invoice_url, invoice_created_at,
                            recorded_at, stream_revision)
      values (${data.invoiceId}, ${data.userId}, ${data.customerId}, ${data.subscriptionId}, ${data.number},
              ${data.description}, ${data.amountCents}, ${data.currency}, ${data.status}, ${data.paymentFailed},
              ${data.invoicePdf}, ${data.hostedInvoiceUrl}, ${data.invoiceCreatedAt}, ${data.recordedAt},
              ${recorded.streamRevision})
      on conflict (invoice_id) do update
         set status = excluded.status, payment_failed = excluded.payment_failed,
             amount_cents = excluded.amount_cents, description = excluded.description,
             number = coalesce(excluded.number, invoices.number),
             invoice_pdf = coalesce(excluded.invoice_pdf, invoices.invoice_pdf),
             hosted_invoice_url = coalesce(excluded.hosted_invoice_url, invoices.hosted_invoice_url),
             recorded_at = excluded.recorded_at, stream_revision = excluded.stream_revision
       where invoices.stream_revision < excluded.stream_revision`);
  },
};
