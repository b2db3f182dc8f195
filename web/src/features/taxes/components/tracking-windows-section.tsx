import { Spinner } from '@/components/ui/spinner';
import { useWashWindows, type WashWindow } from '../api/get-wash-windows';
import { LoadError, SectionCard } from './section-card';
import { WashWindowsList } from './wash-windows-list';

export const NO_TRACKING_WINDOWS = 'No open wash-sale window concerns the stocks of this tracking.';

/** The windows of the investor (any tracking) that concern this tracking: its own loss sales and its symbols. */
export const windowsOfTracking = (
  windows: readonly WashWindow[],
  trackingId: string,
  symbols: readonly string[],
): WashWindow[] => {
  const held = new Set(symbols);
  return windows.filter((window) => window.trackingId === trackingId || held.has(window.symbol));
};

/** The open wash-sale windows on the Taxes tab: symbol, last day, why. */
export const TrackingWindowsSection = ({
  trackingId,
  symbols,
}: {
  trackingId: string;
  symbols: readonly string[];
}) => {
  const windows = useWashWindows();
  const shown = windows.data ? windowsOfTracking(windows.data.windows, trackingId, symbols) : [];
  return (
    <SectionCard
      title="Open wash-sale windows"
      intro="A loss sale in any of your trackings: buying the stock (or another share class of it) back before the date disallows that loss, which then moves into the new lot's basis."
    >
      {windows.isPending ? (
        <Spinner label="Loading windows…" />
      ) : windows.isError ? (
        <LoadError what="The wash-sale windows" onRetry={() => void windows.refetch()} />
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">{NO_TRACKING_WINDOWS}</p>
      ) : (
        <WashWindowsList windows={shown} showTracking />
      )}
    </SectionCard>
  );
};
