import { Spinner } from '@/components/ui/spinner';
import { formatWeight } from '@/lib/format';
import { type IndexPreview, previewErrorMessage } from '../api/preview-index';

type Props = {
  preview: IndexPreview | undefined;
  error: unknown;
  loading: boolean;
};

/** What the server read from the definition: its name, how many holdings, and what was left out and why. */
export const IndexPreviewSummary = ({ preview, error, loading }: Props) => {
  if (error) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        {previewErrorMessage(error)}
      </p>
    );
  }
  if (!preview) return loading ? <Spinner label="Reading the index…" /> : null;
  const priced = preview.holdings.length - preview.unpriced.length;
  return (
    <section
      aria-label="What was read"
      aria-busy={loading || undefined}
      className="min-w-0 space-y-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200"
    >
      <p>
        <span className="font-semibold text-slate-900">{preview.label}</span>
        {`: ${preview.holdings.length} ${preview.holdings.length === 1 ? 'holding' : 'holdings'} read, ${priced} with a price.`}
      </p>
      {preview.unpriced.length > 0 && (
        <div>
          <p className="font-medium text-amber-800">Left out (never guessed):</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {preview.unpriced.map((item) => (
              <li key={item.symbol} className="break-words">
                {`${item.symbol} (${formatWeight(item.weight)}): ${item.message}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
};
