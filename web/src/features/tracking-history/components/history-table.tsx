import type { HistoryEntry } from '../api/get-history';
import { actionLabel, describeEntry, formatTimestamp } from '../utils/describe-entry';

type Props = { entries: readonly HistoryEntry[]; disabled: boolean; onRevert: (entry: HistoryEntry) => void };

/** The history rows: when, what, details, and Revert for revertible entries; reverted entries are marked. */
export const HistoryTable = ({ entries, disabled, onRevert }: Props) => {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const describe = (entry: HistoryEntry) =>
    describeEntry(entry, byId.get(entry.details.revertsActionId ?? ''));
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Date
            </th>
            <th scope="col" className="py-2 pr-3">
              Action
            </th>
            <th scope="col" className="py-2 pr-3">
              Details
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Revert</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr
              key={entry.id}
              data-reverted={entry.reverted || undefined}
              className={entry.reverted ? 'text-slate-400' : undefined}
            >
              <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{formatTimestamp(entry.timestamp)}</td>
              <td className="py-2 pr-3 font-medium">{actionLabel(entry.actionType)}</td>
              <td className={entry.reverted ? 'py-2 pr-3 line-through' : 'py-2 pr-3'}>{describe(entry)}</td>
              <td className="py-2 text-right">
                {entry.reverted ? (
                  <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">
                    Reverted
                  </span>
                ) : entry.revertible ? (
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={`Revert ${describe(entry)}`}
                    className="rounded-md px-2 py-1 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
                    onClick={() => onRevert(entry)}
                  >
                    Revert
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
