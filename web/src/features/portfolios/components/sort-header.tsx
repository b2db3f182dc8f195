import { cn } from '@/lib/cn';
import type { HoldingsSort, HoldingsSortKey } from '../utils/holdings-view';

type Props = {
  label: string;
  sortKey: HoldingsSortKey;
  sort: HoldingsSort;
  onSort: (key: HoldingsSortKey) => void;
  numeric?: boolean;
};

/** A column header that sorts (a button, so the keyboard reaches it); aria-sort tells which column and way. */
export const SortHeader = ({ label, sortKey, sort, onSort, numeric = false }: Props) => {
  const active = sort.key === sortKey;
  return (
    <th
      scope="col"
      aria-sort={active ? sort.direction : 'none'}
      className={cn('px-3 py-2', numeric ? 'text-right' : 'text-left')}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex items-center gap-1 whitespace-nowrap rounded-sm uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {label}
        <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
          {active && sort.direction === 'ascending' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
};
