import { Badge } from '@/components/ui/badge';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useInvoices } from '../api/get-invoices';
import { capitalise, formatAmount, formatDate, statusTone } from '../utils/format';
import { BillingError } from './billing-error';

const head = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const cell = 'px-3 py-3 text-sm text-slate-900';

/** Settings → Invoices (spec 1 §2.4): 'Your Invoices', newest first, or 'You have no previous invoices'. */
export const Invoices = () => {
  const { data: invoices, isPending, error } = useInvoices();
  return (
    <section aria-labelledby="invoices-heading">
      <PageTitle title="Your Invoices" />
      <h2 id="invoices-heading" className="text-lg font-semibold text-slate-900">
        Your Invoices
      </h2>
      <div className="mt-4">
        {isPending ? (
          <Spinner label="Loading your invoices…" />
        ) : error ? (
          <BillingError error={error} />
        ) : invoices.length === 0 ? (
          <p className="text-slate-600">You have no previous invoices</p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200">
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={head}>
                    Date
                  </th>
                  <th scope="col" className={head}>
                    Invoice ID
                  </th>
                  <th scope="col" className={head}>
                    Description
                  </th>
                  <th scope="col" className={head}>
                    Amount
                  </th>
                  <th scope="col" className={head}>
                    Status
                  </th>
                  <th scope="col" className={head}>
                    Download
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 bg-white">
                {invoices.map((invoice) => (
                  <tr key={invoice.invoiceId}>
                    <td className={cell}>{formatDate(invoice.created)}</td>
                    <td className={`${cell} font-mono text-xs break-all`}>{invoice.invoiceId}</td>
                    <td className={cell}>{invoice.description}</td>
                    <td className={`${cell} tabular-nums`}>{formatAmount(invoice.amount)}</td>
                    <td className={cell}>
                      <Badge tone={statusTone(invoice.status)}>{capitalise(invoice.status)}</Badge>
                    </td>
                    <td className={cell}>
                      {invoice.invoicePdf ? (
                        <a
                          href={invoice.invoicePdf}
                          target="_blank"
                          rel="noreferrer"
                          className="font-medium text-indigo-600 hover:text-indigo-500"
                          aria-label={`Download invoice ${invoice.invoiceId}`}
                        >
                          Download
                        </a>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
};
