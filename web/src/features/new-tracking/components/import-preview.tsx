import type { ImportPreview as Preview } from '@etf-replicator/core/contracts/broker-import';
import type { ReactNode } from 'react';
import { PausedOrders } from '@/components/ui/paused-orders';
import { formatMoney } from '@/lib/format';
import { LeftOutRows, OrdersAfterImport, RecordedLots } from './import-preview-tables';

const Figure = ({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) => (
  <div className="min-w-0">
    <dt className="text-xs text-slate-500">{label}</dt>
    {/* A money figure never breaks inside; a hint wraps between its words. */}
    <dd className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{children}</dd>
    {hint && <dd className="text-xs text-slate-500">{hint}</dd>}
  </div>
);

/** Notes about lots whose basis or date is unknown come first, in amber: they change what the tax reports show. */
const isWarning = (note: string) => / unknown|no purchase dates/.test(note);

/**
 * The import preview: what the file was read as, the positions' value, the file's cash, the target and the cash to
 * invest; the lots that will be recorded (saying which basis or date is unknown), the rows left out with why, the
 * orders after it, and the summary notes.
 */
export const ImportPreviewTables = ({ preview }: { preview: Preview }) => {
  const over = preview.leftoverAmount.startsWith('-');
  const warnings = preview.notes.filter(isWarning);
  const notes = preview.notes.filter((note) => !isWarning(note));
  return (
    <section className="space-y-5" aria-label="Import preview">
      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-500">File read as</dt>
          {/* A layout name such as "symbol,shares[,costBasis,acquired]" has no space to wrap at. */}
          <dd className="font-medium text-slate-900 wrap-anywhere">{preview.source.name}</dd>
        </div>
        <Figure label="Positions worth">{formatMoney(preview.importedValue)}</Figure>
        <Figure label="Cash in the file">{formatMoney(preview.cashAmount)}</Figure>
        <Figure
          label="Target amount"
          hint={preview.targetFrom === 'request' ? 'as entered' : 'positions + cash in the file'}
        >
          {formatMoney(preview.targetInvestmentAmount)}
        </Figure>
        <Figure label={over ? 'Over the target' : 'Cash to invest'}>
          {formatMoney(over ? preview.leftoverAmount.slice(1) : preview.leftoverAmount)}
        </Figure>
      </dl>

      {warnings.length > 0 && (
        <ul
          aria-label="Unknown cost basis and dates"
          className="list-disc space-y-1 rounded-lg bg-amber-50 py-2 pr-3 pl-7 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {warnings.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}

      <section aria-labelledby="import-recorded">
        <h3 id="import-recorded" className="text-sm font-semibold text-slate-900">
          Recorded as lots ({preview.recorded.length})
        </h3>
        {preview.recorded.length === 0 ? (
          <p className="mt-1 text-sm text-amber-800">
            None of the positions is a holding of {preview.indexLabel ?? preview.etfSymbol}: nothing would be
            recorded.
          </p>
        ) : (
          <RecordedLots preview={preview} />
        )}
      </section>

      {preview.ignored.length > 0 && (
        <section aria-labelledby="import-ignored">
          <h3 id="import-ignored" className="text-sm font-semibold text-slate-900">
            Left out ({preview.ignored.length})
          </h3>
          <LeftOutRows preview={preview} />
        </section>
      )}

      <section aria-labelledby="import-orders">
        <h3 id="import-orders" className="text-sm font-semibold text-slate-900">
          Orders to reach the target ({preview.orders.length})
        </h3>
        {preview.orders.length === 0 ? (
          (preview.pausedOrders?.length ?? 0) === 0 && (
            <p className="mt-1 text-sm text-slate-600">None: the positions already match the target.</p>
          )
        ) : (
          <OrdersAfterImport preview={preview} />
        )}
        <PausedOrders orders={preview.pausedOrders} />
      </section>

      <ul className="list-disc space-y-1 pl-5 text-xs text-slate-600">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
};
