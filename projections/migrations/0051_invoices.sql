-- Invoices read model (spec 1 §2.4 'Your Invoices'), built from InvoiceRecorded events. Amounts in integer cents.
create table invoices (
  invoice_id         text primary key,
  user_id            text not null,
  customer_id        text not null,
  subscription_id    text,
  number             text,
  description        text not null,
  amount_cents       bigint not null,
  currency           text not null,
  status             text not null,
  payment_failed     boolean not null default false,
  invoice_pdf        text,
  hosted_invoice_url text,
  invoice_created_at timestamptz not null,
  recorded_at        timestamptz not null,
  stream_revision    bigint not null     -- last applied revision of user-{id}: replays are no-ops
);
create index invoices_user_newest on invoices (user_id, invoice_created_at desc);
