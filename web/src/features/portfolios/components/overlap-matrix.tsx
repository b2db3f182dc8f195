import { cn } from '@/lib/cn';
import { formatPercent } from '@/lib/format';
import type { PortfolioResponse } from '../api/get-portfolio';
import { type OverlapCell, overlapMatrix } from '../utils/overlap-matrix';

/** Darker is more in common; the text colour keeps a contrast of at least 4.5:1 on every shade. */
const LEVEL_CLASSES: Record<OverlapCell['level'], string> = {
  0: 'bg-white text-slate-700',
  1: 'bg-indigo-50 text-slate-900',
  2: 'bg-indigo-100 text-slate-900',
  3: 'bg-indigo-300 text-slate-900',
  4: 'bg-indigo-600 text-white',
};

const topSharedText = (cell: OverlapCell): string =>
  cell.topShared.map((stock) => `${stock.symbol} ${formatPercent(stock.weight)}`).join(', ');

/**
 * How much of their targets two trackings have in common (Σ min of the two weight vectors), as a matrix whose cells
 * are shaded by the value and show it as text; the pairs follow as sentences with the stocks they share most.
 */
export const OverlapMatrix = ({ portfolio }: { portfolio: PortfolioResponse }) => {
  if (portfolio.trackings.length < 2)
    return (
      <p className="text-sm text-slate-600">
        Overlap compares two trackings: add a second tracking to see what they have in common.
      </p>
    );
  const matrix = overlapMatrix(portfolio.trackings, portfolio.overlap);
  const labels = new Map(portfolio.trackings.map((tracking) => [tracking.trackingId, tracking.label]));
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto">
        <table className="text-sm">
          <caption className="sr-only">Share of target weight two trackings have in common</caption>
          <thead>
            <tr>
              <td />
              {matrix.labels.map((label) => (
                <th
                  key={label}
                  scope="col"
                  className="max-w-28 px-2 py-1 text-center text-xs font-semibold break-words text-slate-700"
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.rows.map((row, i) => (
              <tr key={matrix.labels[i]}>
                <th
                  scope="row"
                  className="max-w-28 px-2 py-1 text-left text-xs font-semibold break-words text-slate-700"
                >
                  {matrix.labels[i]}
                </th>
                {row.map((cell, j) => (
                  <td
                    key={matrix.labels[j]}
                    data-level={cell.level}
                    title={cell.self ? 'The same tracking' : topSharedText(cell) || undefined}
                    className={cn(
                      'min-w-20 px-2 py-2 text-center tabular-nums ring-1 ring-white ring-inset',
                      LEVEL_CLASSES[cell.level],
                      cell.self && 'opacity-60',
                    )}
                  >
                    {cell.overlap === null ? '—' : formatPercent(cell.overlap)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Overlap by pair" className="space-y-1 text-sm text-slate-700">
        {portfolio.overlap.map((pair) => (
          <li key={`${pair.a}|${pair.b}`}>
            <span className="font-medium text-slate-900">
              {`${labels.get(pair.a) ?? pair.a} and ${labels.get(pair.b) ?? pair.b}`}
            </span>
            {`: ${formatPercent(pair.overlap)} in common`}
            {pair.topShared.length > 0 &&
              `, mostly ${pair.topShared.map((stock) => `${stock.symbol} (${formatPercent(stock.weight)})`).join(', ')}`}
          </li>
        ))}
      </ul>
    </div>
  );
};
