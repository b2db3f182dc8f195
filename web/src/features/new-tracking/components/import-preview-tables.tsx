import type { ImportPreview as Preview } from '@etf-replicator/core/contracts/broker-import';
import type { ReactNode } from 'react';
import { formatDate, formatMoney, formatShares, MISSING } from '@/lib/format';

/**
 * Auto layout: each column is as wide as its content needs. Numbers and dates never wrap (no "$6,400.0/0"); words
 * wrap between words, and only a word longer than the whole column breaks inside.
 */
const Table = ({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) => (
  <table className="mt-2 w-full text-left text-sm">
    <caption className="sr-only">{caption}</caption>
    <thead className="text-xs text-slate-500">
      <tr>
        {head.map((label) => (
          <th key={label} scope="col" className="py-1 pr-2 font-medium whitespace-nowrap">
            {label}
          </th>
        ))}
      </tr>
    </thead>
    {children}
  </table>
);

const Body = ({ children }: { children: ReactNode }) => (
  <tbody className="divide-y divide-slate-100 align-top text-slate-800">{children}</tbody>
);

const number = 'py-1.5 pr-2 whitespace-nowrap tabular-nums';
const text = 'py-1.5 pr-2 break-words';

/** Said under every lot whose basis or date the file does not give (the summary says it once more). */
export const unknownNote = (row: Preview['recorded'][number]): string | null => {
  const basis = row.basisKnown
    ? null
    : `Cost basis unknown — valued at the snapshot price (${formatMoney(row.price)} a share) for replication only; tax reports will show it as unknown.`;
  const date = row.dateKnown ? null : 'Acquisition date unknown — tax reports will show it as unknown.';
  return basis && date ? `${basis} ${date}` : (basis ?? date);
};

export const RecordedLots = ({ preview }: { preview: Preview }) => (
  <Table caption="Positions recorded as lots" head={['Symbol', 'Shares', 'Cost basis', 'Acquired']}>
    {/* One body per lot: a lot and the note under it read as one group. */}
    {preview.recorded.map((row, index) => {
      const note = unknownNote(row);
      return (
        <tbody
          key={`${row.symbol}-${row.line ?? index}`}
          className="border-t border-slate-100 align-top text-slate-800"
        >
          <tr>
            <td className={`${text} font-semibold`}>{row.symbol}</td>
            <td className={number}>{formatShares(row.shares)}</td>
            <td className={number}>{row.costBasis === null ? 'Unknown' : formatMoney(row.costBasis)}</td>
            <td className={number}>{row.acquired === null ? 'Unknown' : formatDate(row.acquired)}</td>
          </tr>
          {note && (
            <tr>
              <td colSpan={4} className="pr-2 pb-2 text-xs text-amber-800">
                {note}
              </td>
            </tr>
          )}
        </tbody>
      );
    })}
  </Table>
);

export const LeftOutRows = ({ preview }: { preview: Preview }) => (
  <Table caption="Rows left out, with the reason" head={['Line', 'Row', 'Why']}>
    <Body>
      {preview.ignored.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a preview's rows never reorder, and one symbol may fill several rows (lots)
        <tr key={`${row.line ?? 'row'}-${index}`}>
          <td className={number}>{row.line ?? MISSING}</td>
          <td className={`${text} font-semibold`}>{row.symbol ?? MISSING}</td>
          <td className={`${text} text-slate-600`}>
            {row.reason}
            {row.amount !== undefined && (
              <span className="whitespace-nowrap font-medium text-slate-800">
                {' '}
                ({formatMoney(row.amount)})
              </span>
            )}
          </td>
        </tr>
      ))}
    </Body>
  </Table>
);

export const OrdersAfterImport = ({ preview }: { preview: Preview }) => (
  <Table caption="Adjustment orders after the import" head={['Order', 'Shares', 'Symbol']}>
    <Body>
      {preview.orders.map((order) => (
        <tr key={`${order.symbol}-${order.orderType}`}>
          <td
            className={`${number} font-semibold ${order.orderType === 'BUY' ? 'text-emerald-700' : 'text-red-700'}`}
          >
            {order.orderType}
          </td>
          <td className={number}>{formatShares(order.shares)}</td>
          <td className={`${text} font-semibold`}>{order.symbol}</td>
        </tr>
      ))}
    </Body>
  </Table>
);
