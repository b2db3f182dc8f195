import type { Position, RecordedEvent } from '@etf-replicator/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadModels } from '../migrate-read-models';
import { openPgliteTestDatabase, type TestDatabase } from '../testing';
import { invoicesProjector } from './projector';
import { getInvoice, listInvoices } from './queries';

const invoiceRecorded = (
  streamRevision: number,
  invoiceId: string,
  status: string,
  invoiceCreatedAt: string,
): RecordedEvent => ({
  id: `e-${streamRevision}`,
  type: 'InvoiceRecorded',
  data: {
    userId: 'u-1',
    customerId: 'cus_1',
    invoiceId,
    number: `N-${invoiceId}`,
    subscriptionId: 'sub_1',
    description: 'Growth',
    amountCents: 3900,
    currency: 'usd',
    status,
    paymentFailed: status === 'open',
    invoicePdf: `https://pay.example.com/${invoiceId}.pdf`,
    hostedInvoiceUrl: null,
    invoiceCreatedAt,
    stripeEventId: `evt_${streamRevision}`,
    stripeEventCreated: streamRevision,
    recordedAt: invoiceCreatedAt,
  },
  metadata: { schemaVersion: 1 },
  streamId: 'user-u-1',
  streamRevision,
  globalPosition: String(streamRevision) as Position,
  recordedAt: new Date(invoiceCreatedAt),
});

describe('invoices projector', () => {
  let test: TestDatabase;
  const apply = (...events: RecordedEvent[]) =>
    test.db.pool.transaction(async (tx) => {
      for (const event of events) await invoicesProjector.handle(tx, event);
    });

  beforeAll(async () => {
    test = await openPgliteTestDatabase();
    await migrateReadModels(test.db);
  });
  afterAll(() => test.dispose());

  it('keeps the latest status of each invoice, newest invoice first, and ignores replays', async () => {
    const failed = invoiceRecorded(1, 'in_1', 'open', '2026-01-01T00:00:00.000Z');
    const paid = invoiceRecorded(2, 'in_1', 'paid', '2026-01-01T00:00:00.000Z');
    const next = invoiceRecorded(3, 'in_2', 'paid', '2026-02-01T00:00:00.000Z');
    await apply(failed, paid, next);
    await apply(failed);
    const rows = await listInvoices(test.db.pool, 'u-1');
    expect(rows.map((row) => [row.invoice_id, row.status, row.amount_cents])).toEqual([
      ['in_2', 'paid', 3900],
      ['in_1', 'paid', 3900],
    ]);
    expect(await listInvoices(test.db.pool, 'u-2')).toEqual([]);
  });

  it('skips malformed events and other streams', async () => {
    const bad = invoiceRecorded(4, 'in_bad', 'paid', '2026-03-01T00:00:00.000Z');
    await apply(
      { ...bad, data: { ...(bad.data as object), amountCents: -5 } },
      { ...invoiceRecorded(5, 'in_other', 'paid', '2026-03-01T00:00:00.000Z'), streamId: 'tracking-x' },
    );
    expect(await getInvoice(test.db.pool, 'in_bad')).toBeNull();
    expect(await getInvoice(test.db.pool, 'in_other')).toBeNull();
  });
});
