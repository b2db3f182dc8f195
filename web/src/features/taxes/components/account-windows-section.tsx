import { Spinner } from '@/components/ui/spinner';
import { useWashWindows } from '../api/get-wash-windows';
import { LoadError, SectionCard } from './section-card';
import { WashWindowsList } from './wash-windows-list';

export const NO_WINDOWS = 'No open wash-sale windows: no loss sale in the last 30 days is waiting on a buy.';

/** The investor's open wash-sale windows, every tracking's. */
export const AccountWindowsSection = () => {
  const windows = useWashWindows();
  return (
    <SectionCard
      title="Open wash-sale windows"
      intro="Buying one of these (or another share class of it) before the date shown disallows the loss."
    >
      {windows.isPending ? (
        <Spinner label="Loading windows…" />
      ) : windows.isError ? (
        <LoadError what="The wash-sale windows" onRetry={() => void windows.refetch()} />
      ) : windows.data.windows.length === 0 ? (
        <p className="text-sm text-slate-600">{NO_WINDOWS}</p>
      ) : (
        <WashWindowsList windows={windows.data.windows} showTracking />
      )}
    </SectionCard>
  );
};
