import { dec } from '@etf-replicator/core/shared/decimal';
import { formatWeight } from '@/lib/format';
import type { IndexPreview } from '../api/preview-index';

const SHOWN = 20;

/** A blend's or a list's largest holdings with their weight in the index (the wizard's side panel, the detail). */
export const IndexCompositionList = ({
  preview,
  emptyText = 'Enter the weights to see what the index holds here.',
}: {
  preview: IndexPreview | undefined;
  emptyText?: string;
}) => {
  if (!preview) return <p className="text-sm text-slate-600">{emptyText}</p>;
  const largest = [...preview.holdings]
    .sort((a, b) => dec(b.weight).comparedTo(dec(a.weight)) || a.symbol.localeCompare(b.symbol))
    .slice(0, SHOWN);
  const more = preview.holdings.length - largest.length;
  return (
    <div className="min-w-0">
      <h2 className="text-base font-semibold text-slate-900 break-words">{preview.label}</h2>
      <p className="text-sm text-slate-600">{`${preview.holdings.length} holdings, largest first`}</p>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="py-1 font-medium">
              Symbol
            </th>
            <th scope="col" className="py-1 font-medium">
              Sector
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Weight
            </th>
          </tr>
        </thead>
        <tbody>
          {largest.map((holding) => (
            <tr key={holding.symbol} className="border-t border-slate-100">
              <td className="py-1 font-semibold text-slate-900">{holding.symbol}</td>
              <td className="py-1 text-slate-600">{holding.sector ?? '—'}</td>
              <td className="py-1 text-right tabular-nums text-slate-900">{formatWeight(holding.weight)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && <p className="mt-2 text-xs text-slate-500">{`and ${more} more`}</p>}
    </div>
  );
};
