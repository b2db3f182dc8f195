import type { ImportPreview as Preview } from '@etf-replicator/core/contracts/broker-import';
import type { ReactNode } from 'react';
import { formatDate, formatMoney, formatShares, MISSING } from '@/lib/format';

const Table = ({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) => (
  <table className="mt-2 w-full table-fixed text-left text-sm">
    <caption className="sr-only">{caption}</caption>
    <thead className="text-xs text-slate-500">
      <tr>
        {head.map((label) => (
          <th key={label} scope="col" className="py-1 pr-2 font-medium">
            {label}
          </th>
        ))}
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100 align-top text-slate-800">{children}</tbody>
  </table>
);

const cell = 'py-1.5 pr-2 break-words tabular-nums';

/** The import preview: the lots that will be recorded, the rows left out with why, and the orders after it. */
export const ImportPreviewTables = ({ preview }: { preview: Preview }) => {
  const over = preview.leftoverAmount.startsWith('-');
  return (
    <section className="space-y-5" aria-label="Import preview">
      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">File read as</dt>
          {/* A layout name such as "symbol,shares[,costBasis,acquired]" has no space to wrap at. */}
          <dd className="font-medium text-slate-900 wrap-anywhere">{preview.source.name}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Positions worth</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(preview.importedValue)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Target amount</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {formatMoney(preview.targetInvestmentAmount)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">{over ? 'Over the target' : 'Cash to invest'}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {formatMoney(over ? preview.leftoverAmount.slice(1) : preview.leftoverAmount)}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="import-recorded">
        <h3 id="import-recorded" className="text-sm font-semibold text-slate-900">
          Recorded as lots ({preview.recorded.length})
        </h3>
        {preview.recorded.length === 0 ? (
          <p className="mt-1 text-sm text-amber-800">
            None of the positions is a holding of {preview.etfSymbol}: nothing would be recorded.
          </p>
        ) : (
          <Table caption="Positions recorded as lots" head={['Symbol', 'Shares', 'Cost basis', 'Acquired']}>
            {preview.recorded.map((row, index) => (
              <tr key={`${row.symbol}-${row.line ?? index}`}>
                <td className={`${cell} font-semibold`}>{row.symbol}</td>
                <td className={cell}>{formatShares(row.shares)}</td>
                <td className={cell}>
                  {formatMoney(row.costBasis)}
                  {row.costBasisFrom === 'snapshotPrice' && (
                    <span className="block text-xs text-slate-500">at price</span>
                  )}
                </td>
                <td className={cell}>
                  {formatDate(row.acquired)}
                  {row.acquiredFrom === 'today' && (
                    <span className="block text-xs text-slate-500">today</span>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      {preview.ignored.length > 0 && (
        <section aria-labelledby="import-ignored">
          <h3 id="import-ignored" className="text-sm font-semibold text-slate-900">
            Left out ({preview.ignored.length})
          </h3>
          <Table caption="Rows left out, with the reason" head={['Line', 'Row', 'Why']}>
            {preview.ignored.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a preview's rows never reorder, and one symbol may fill several rows (lots)
              <tr key={`${row.line ?? 'row'}-${index}`}>
                <td className={`${cell} w-12`}>{row.line ?? MISSING}</td>
                <td className={`${cell} font-semibold`}>{row.symbol ?? MISSING}</td>
                <td className={`${cell} text-slate-600`}>{row.reason}</td>
              </tr>
            ))}
          </Table>
        </section>
      )}

      <section aria-labelledby="import-orders">
        <h3 id="import-orders" className="text-sm font-semibold text-slate-900">
          Orders to reach the target ({preview.orders.length})
        </h3>
        {preview.orders.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">None: the positions already match the target.</p>
        ) : (
          <Table caption="Adjustment orders after the import" head={['Order', 'Shares', 'Symbol']}>
            {preview.orders.map((order) => (
              <tr key={`${order.symbol}-${order.orderType}`}>
                <td
                  className={`${cell} font-semibold ${order.orderType === 'BUY' ? 'text-emerald-700' : 'text-red-700'}`}
                >
                  {order.orderType}
                </td>
                <td className={cell}>{formatShares(order.shares)}</td>
                <td className={`${cell} font-semibold`}>{order.symbol}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <ul className="list-disc space-y-1 pl-5 text-xs text-slate-600">
        {preview.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
};
