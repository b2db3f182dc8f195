import type { HistoryEntry } from '../api/get-history';
import { actionLabel, describeEntry, formatTimestamp } from '../utils/describe-entry';

type Props = { entries: readonly HistoryEntry[]; disabled: boolean; onRevert: (entry: HistoryEntry) => void };

/**
 * The history rows: when, what, details, and Revert for revertible entries; reverted entries are marked. Below 640 px
 * each row stacks (when, what, details) beside its Revert button, since four columns leave the details a few letters
 * wide and push the button out of the card.
 */
export const HistoryTable = ({ entries, disabled, onRevert }: Props) => {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const describe = (entry: HistoryEntry) =>
    describeEntry(entry, byId.get(entry.details.revertsActionId ?? ''));
  return (
    <div className="relative">
      <table className="block w-full text-left text-sm sm:table">
        <thead className="hidden text-xs text-slate-500 uppercase sm:table-header-group">
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
        <tbody className="block divide-y divide-slate-100 sm:table-row-group">
          {entries.map((entry) => (
            <tr
              key={entry.id}
              data-reverted={entry.reverted || undefined}
              className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 py-2 sm:table-row sm:py-0 ${entry.reverted ? 'text-slate-400' : ''}`}
            >
              <td className="col-start-1 text-xs text-slate-500 tabular-nums sm:py-2 sm:pr-3 sm:text-sm sm:whitespace-nowrap sm:text-inherit">
                {formatTimestamp(entry.timestamp)}
              </td>
              <td className="col-start-1 font-medium sm:py-2 sm:pr-3">{actionLabel(entry.actionType)}</td>
              <td
                className={`col-start-1 break-words sm:py-2 sm:pr-3 ${entry.reverted ? 'line-through' : ''}`}
              >
                {describe(entry)}
              </td>
              <td className="col-start-2 row-span-3 row-start-1 self-center text-right sm:py-2">
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
