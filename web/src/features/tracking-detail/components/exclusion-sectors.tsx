import type { TrackingExclusions } from '@etf-replicator/core/contracts/trackings';
import { formatPercent } from '@/lib/format';

export const checkboxClasses =
  'size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** The ETF's sectors with their weights, each a checkbox (issue 17); Free may only take back what is excluded. */
export const ExclusionSectors = ({
  sectors,
  excluded,
  free,
  busy,
  onToggle,
}: {
  sectors: TrackingExclusions['etfSectors'];
  excluded: readonly string[];
  free: boolean;
  busy: boolean;
  onToggle: (sector: string, on: boolean) => void;
}) => (
  <fieldset>
    <legend className="text-sm font-medium text-slate-900">Exclude sectors (weight in the ETF)</legend>
    {sectors.length === 0 ? (
      <p className="text-xs text-slate-500">This ETF's holdings have no sectors.</p>
    ) : (
      <ul className="mt-1.5 space-y-1.5">
        {sectors.map(({ sector, weightPercentage }) => (
          <li key={sector}>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                aria-label={`${sector}, ${formatPercent(weightPercentage)} of the ETF`}
                checked={excluded.includes(sector)}
                disabled={busy || (free && !excluded.includes(sector))}
                onChange={(event) => onToggle(sector, event.target.checked)}
                className={checkboxClasses}
              />
              <span className="min-w-0 flex-1">{sector}</span>
              <span className="text-slate-600 tabular-nums">{formatPercent(weightPercentage)}</span>
            </label>
          </li>
        ))}
      </ul>
    )}
  </fieldset>
);
