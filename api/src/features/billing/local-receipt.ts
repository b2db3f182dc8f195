import type { InvoiceRow } from '@etf-replicator/projections/invoices/queries';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const money = (cents: number, currency: string) =>
  `${currency.toUpperCase() === 'USD' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toFixed(2)}`;

/** The printable invoice of the local test mode (Stripe's invoice PDF stands in its place in production). */
export const renderLocalReceipt = (invoice: InvoiceRow, email: string): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.number ?? invoice.invoice_id)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;color:#0f172a}
.note{background:#fef3c7;padding:.5rem 1rem;border-radius:.5rem}td{padding:.25rem 1rem .25rem 0}</style></head>
<body>
<p class="note">Local test mode: no real payment was taken.</p>
<h1>ETF Replicator invoice</h1>
<table>
<tr><td>Invoice</td><td>${escapeHtml(invoice.number ?? invoice.invoice_id)}</td></tr>
<tr><td>Date</td><td>${invoice.invoice_created_at.toISOString().slice(0, 10)}</td></tr>
<tr><td>Billed to</td><td>${escapeHtml(email)}</td></tr>
<tr><td>Description</td><td>${escapeHtml(invoice.description)}</td></tr>
<tr><td>Amount</td><td>${money(invoice.amount_cents, invoice.currency)}</td></tr>
<tr><td>Status</td><td>${escapeHtml(invoice.status)}</td></tr>
</table>
</body>
</html>
`;
