import type { IndexDefinition } from '@etf-replicator/core/indexes/definition';
import { previewErrorMessage, useIndexPreview } from '@/features/indexes/api/preview-index';
import { IndexCompositionList } from '@/features/indexes/components/index-composition-list';

/** The tracking detail's weightings for a blend or a list: the index's largest holdings (the server's preview). */
export const IndexWeightings = ({ index }: { index: IndexDefinition }) => {
  const preview = useIndexPreview(index);
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-slate-700">
        {previewErrorMessage(preview.error)}
      </p>
    );
  }
  return <IndexCompositionList preview={preview.data} emptyText="Loading the index's holdings…" />;
};
