import { useState } from 'react';
import { formatDate, formatPercent } from '@/lib/format';
import type { EtfInfo } from '../api/get-etf-info';
import { SectorList } from './sector-list';

/** ETF info of spec 2 §3 as a description list, with the sectors and the website link. */
export const EtfFacts = ({ info, showWebsite = true }: { info: EtfInfo; showWebsite?: boolean }) => {
  const [fullDescription, setFullDescription] = useState(false);
  const facts: Array<[string, string]> = [
    ['Company', info.etfCompany ?? '—'],
    ['Asset class', info.assetClass ?? '—'],
    ['Domicile', info.domicile ?? '—'],
    ['Expense ratio', formatPercent(info.expenseRatio)],
    ['Inception date', formatDate(info.inceptionDate)],
    ['ISIN', info.isin ?? '—'],
    ['Holdings', info.holdingsCount === null ? 'Unavailable' : String(info.holdingsCount)],
  ];
  const description = info.description ?? '';
  const long = description.length > 280;
  return (
    <div className="space-y-4 text-sm">
      {description && (
        <div>
          <p className="text-slate-700">
            {long && !fullDescription ? `${description.slice(0, 280)}…` : description}
          </p>
          {long && (
            <button
              type="button"
              className="mt-1 font-semibold text-indigo-700 hover:underline"
              aria-expanded={fullDescription}
              onClick={() => setFullDescription((open) => !open)}
            >
              {fullDescription ? 'Read less' : 'Read more'}
            </button>
          )}
        </div>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs text-slate-500">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {info.holdingsNote && <p className="rounded-md bg-amber-50 p-3 text-amber-800">{info.holdingsNote}</p>}
      {info.sectorsList.length > 0 && <SectorList sectors={info.sectorsList} />}
      {showWebsite && info.website && <EtfWebsiteLink info={info} />}
    </div>
  );
};

export const EtfWebsiteLink = ({ info }: { info: EtfInfo }) =>
  info.website ? (
    <a
      href={info.website}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-block font-semibold text-indigo-700 hover:underline"
    >
      Visit the {info.etfCompany ?? info.symbol} website<span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : null;
