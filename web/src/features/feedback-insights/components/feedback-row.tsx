import { useId } from 'react';
import type { FeedbackItem } from '../api/get-feedback';
import { formatFeedbackTime, previewOf, screenshotUrl } from '../utils/format-feedback';
import { Screenshot } from './screenshot';

type Props = { item: FeedbackItem; expanded: boolean; onToggle: () => void };

/** A feedback row: preview, e-mail or 'Anonymous', time; expanded, everything the record holds. */
export const FeedbackRow = ({ item, expanded, onToggle }: Props) => {
  const detailsId = useId();
  const email = item.email || 'Anonymous';
  const time = formatFeedbackTime(item.timestamp);
  // Our API links each screenshot; a record with inline base64 (spec 2 §3) still renders.
  const screenshots =
    item.imageUrls.length > 0
      ? item.imageUrls
      : item.images.map((image, index) => screenshotUrl(image, item.imageTypes[index]));
  return (
    <li className="bg-white">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={onToggle}
        className="grid w-full grid-cols-1 gap-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 sm:grid-cols-[1fr_auto_auto] sm:gap-4"
      >
        <span className="truncate text-sm font-medium text-slate-900">{previewOf(item.message)}</span>
        <span className="text-sm text-slate-600">{email}</span>
        <span className="text-sm whitespace-nowrap text-slate-500">{time}</span>
      </button>
      {expanded && (
        <div id={detailsId} className="space-y-4 border-t border-slate-100 bg-slate-50 px-4 py-4">
          <p className="text-sm whitespace-pre-wrap break-words text-slate-900">{item.message}</p>
          {screenshots.length > 0 && (
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Screenshots</h3>
              <ul className="mt-2 flex flex-wrap gap-3">
                {screenshots.map((url, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: screenshots have no id; their order is fixed
                  <li key={index}>
                    <Screenshot url={url} n={index + 1} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium text-slate-600">Email</dt>
            <dd className="text-slate-900">{email}</dd>
            <dt className="font-medium text-slate-600">Timestamp</dt>
            <dd className="text-slate-900">{time}</dd>
            <dt className="font-medium text-slate-600">Page URL</dt>
            <dd className="break-all font-mono text-xs text-slate-900">{item.pageUrl || '—'}</dd>
          </dl>
        </div>
      )}
    </li>
  );
};
