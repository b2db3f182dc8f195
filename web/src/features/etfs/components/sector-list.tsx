import { useState } from 'react';
import { formatPercent } from '@/lib/format';
import { useMediaQuery } from '../hooks/use-media-query';

type Sector = { industry: string; exposure: number };

/** Spec 2 §9: the top 6 sectors (4 under 640px wide) with an expander for the rest. */
export const SectorList = ({ sectors }: { sectors: readonly Sector[] }) => {
  const narrow = useMediaQuery('(max-width: 639px)');
  const [expanded, setExpanded] = useState(false);
  const limit = narrow ? 4 : 6;
  const shown = expanded ? sectors : sectors.slice(0, limit);
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Sectors</h3>
      <ul className="mt-2 space-y-1.5">
        {shown.map((sector) => (
          <li key={sector.industry} className="flex items-center gap-3">
            <span className="w-44 truncate text-slate-700">{sector.industry}</span>
            <span className="h-2 flex-1 overflow-hidden rounded bg-slate-100" aria-hidden="true">
              <span
                className="block h-full bg-indigo-500"
                style={{ width: `${Math.min(100, Math.max(0, sector.exposure))}%` }}
              />
            </span>
            <span className="w-16 text-right tabular-nums text-slate-900">
              {formatPercent(sector.exposure)}
            </span>
          </li>
        ))}
      </ul>
      {sectors.length > limit && (
        <button
          type="button"
          aria-expanded={expanded}
          className="mt-2 text-sm font-semibold text-indigo-700 hover:underline"
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show fewer sectors' : `Show all ${sectors.length} sectors`}
        </button>
      )}
    </div>
  );
};
