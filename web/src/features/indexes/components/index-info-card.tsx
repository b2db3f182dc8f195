import type { IndexDefinition } from '@etf-replicator/core/indexes/definition';
import { formatWeight } from '@/lib/format';
import { trackingName } from '../utils/tracking-name';

const SHOWN = 10;

/** Tracking detail for a blend or a list (issue 30): what the index is, in place of an ETF's info card. */
export const IndexInfoCard = ({ index }: { index: Exclude<IndexDefinition, { type: 'etf' }> }) => {
  const rows = index.type === 'blend' ? index.parts : index.holdings;
  const more = rows.length - Math.min(rows.length, SHOWN);
  return (
    <section
      aria-labelledby="index-info-heading"
      className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="index-info-heading" className="break-words text-lg font-semibold text-slate-900">
        {trackingName({ symbol: '', index })}
      </h2>
      <p className="text-sm text-slate-600">
        {index.type === 'blend'
          ? `A blend of ${rows.length} ETFs: each stock weighs what it weighs in each ETF times the ETF's weight, overlaps added up.`
          : `Your own list of ${rows.length} ${rows.length === 1 ? 'stock' : 'stocks'}, weights scaled to 100 %.`}
      </p>
      <ul
        className="mt-3 flex flex-wrap gap-2"
        aria-label={index.type === 'blend' ? 'ETFs in the blend' : 'Stocks in the list'}
      >
        {rows.slice(0, SHOWN).map((row) => (
          <li
            key={row.symbol}
            className="rounded-md bg-slate-100 px-2 py-1 text-sm tabular-nums text-slate-800"
          >
            <span className="font-semibold">{row.symbol}</span> {formatWeight(row.weight)}
          </li>
        ))}
        {more > 0 && <li className="px-2 py-1 text-sm text-slate-500">{`and ${more} more`}</li>}
      </ul>
    </section>
  );
};
