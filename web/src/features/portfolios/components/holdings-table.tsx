import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import type { PortfolioResponse } from '../api/get-portfolio';
import {
  DEFAULT_SORT,
  type HoldingsSort,
  type HoldingsSortKey,
  holdingsView,
  labelsById,
  nextSort,
} from '../utils/holdings-view';
import { HoldingRow } from './holding-row';
import { SortHeader } from './sort-header';

/** Rows shown before "Show all": ten trackings of 500 holdings would otherwise be a page of thousands of rows. */
export const FIRST_ROWS = 25;

const SORT_CHOICES: readonly { key: HoldingsSortKey; label: string }[] = [
  { key: 'symbol', label: 'Symbol' },
  { key: 'value', label: 'Value' },
  { key: 'weight', label: 'Weight' },
  { key: 'targetWeight', label: 'Target weight' },
];

/**
 * Every stock across the trackings: shares, value, weight, target weight and which trackings hold it. Sortable by
 * its column headers (a "Sort by" choice below 640 px, where each row is a card), searchable by symbol or name.
 */
export const HoldingsTable = ({ portfolio }: { portfolio: PortfolioResponse }) => {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<HoldingsSort>(DEFAULT_SORT);
  const [showAll, setShowAll] = useState(false);
  const ids = useId();
  const rows = holdingsView(portfolio.holdings, search, sort);
  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  const labels = labelsById(portfolio.trackings);
  const sortBy = (key: HoldingsSortKey) => setSort((current) => nextSort(current, key));
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 basis-full sm:max-w-xs sm:basis-auto sm:flex-1">
          <label htmlFor={`${ids}-search`} className="block text-sm font-medium text-slate-800">
            Search holdings
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            value={search}
            placeholder="Symbol or name"
            onChange={(event) => setSearch(event.target.value)}
            className={cn(inputClasses, 'mt-1')}
          />
        </div>
        <div className="sm:hidden">
          <label htmlFor={`${ids}-sort`} className="block text-sm font-medium text-slate-800">
            Sort by
          </label>
          <select
            id={`${ids}-sort`}
            value={`${sort.key}:${sort.direction}`}
            onChange={(event) => {
              const [key, direction] = event.target.value.split(':') as [
                HoldingsSortKey,
                HoldingsSort['direction'],
              ];
              setSort({ key, direction });
            }}
            className="mt-1 rounded-md border-slate-300 py-2 text-sm text-slate-900 ring-1 ring-slate-300"
          >
            {SORT_CHOICES.flatMap(({ key, label }) => [
              <option
                key={`${key}:a`}
                value={`${key}:ascending`}
              >{`${label}, ${key === 'symbol' ? 'A to Z' : 'smallest first'}`}</option>,
              <option
                key={`${key}:d`}
                value={`${key}:descending`}
              >{`${label}, ${key === 'symbol' ? 'Z to A' : 'largest first'}`}</option>,
            ])}
          </select>
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-slate-600">
        {search.trim() === ''
          ? `${portfolio.holdings.length} ${portfolio.holdings.length === 1 ? 'stock' : 'stocks'}`
          : `${rows.length} of ${portfolio.holdings.length} stocks match "${search.trim()}"`}
      </p>
      {rows.length > 0 && (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">Holdings across your trackings</caption>
            <thead className="bg-slate-50 text-xs text-slate-600 uppercase max-sm:hidden">
              <tr>
                <SortHeader label="Symbol" sortKey="symbol" sort={sort} onSort={sortBy} />
                <th scope="col" className="px-3 py-2 text-right">
                  Shares
                </th>
                <SortHeader label="Value" sortKey="value" sort={sort} onSort={sortBy} numeric />
                <SortHeader label="Weight" sortKey="weight" sort={sort} onSort={sortBy} numeric />
                <SortHeader
                  label="Target weight"
                  sortKey="targetWeight"
                  sort={sort}
                  onSort={sortBy}
                  numeric
                />
                <th scope="col" className="px-3 py-2">
                  Held by
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-sm:block">
              {shown.map((holding) => (
                <HoldingRow key={holding.symbol} holding={holding} labels={labels} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > FIRST_ROWS && (
        <Button variant="secondary" onClick={() => setShowAll((all) => !all)}>
          {showAll ? `Show the first ${FIRST_ROWS} holdings` : `Show all ${rows.length} holdings`}
        </Button>
      )}
    </div>
  );
};
