import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

const invoiceRow = z.object({
  invoice_id: z.string(),
  user_id: z.string(),
  number: z.string().nullable(),
  description: z.string(),
  amount_cents: z.coerce.number().int(),
  currency: z.string(),
  status: z.string(),
  invoice_pdf: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
  invoice_created_at: z.date(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

const columns = sql.fragment`invoice_id, user_id, number, description, amount_cents, currency, status, invoice_pdf,
  hosted_invoice_url, invoice_created_at`;

/** A user's invoices, newest first (spec 1 §2.4). */
export const listInvoices = (
  db: CommonQueryMethods,
  userId: string,
  { limit = 100 }: { limit?: number } = {},
): Promise<readonly InvoiceRow[]> =>
  db.any(sql.type(invoiceRow)`
    select ${columns} from invoices where user_id = ${userId}
     order by invoice_created_at desc, recorded_at desc, invoice_id limit ${limit}`);

export const getInvoice = (db: CommonQueryMethods, invoiceId: string): Promise<InvoiceRow | null> =>
  db.maybeOne(sql.type(invoiceRow)`select ${columns} from invoices where invoice_id = ${invoiceId}`);
