import { useLocation, useSearchParams } from 'react-router-dom';
import { useTrackingsSummary } from '@/features/trackings/api/get-trackings-summary';

type Resolved = { status: 'found'; trackingId: string } | { status: 'pending' } | { status: 'none' };

const stateTrackingId = (state: unknown): string | undefined => {
  if (typeof state !== 'object' || state === null) return undefined;
  const { trackingId } = state as { trackingId?: unknown };
  return typeof trackingId === 'string' && trackingId !== '' ? trackingId : undefined;
};

/**
 * The tracking of /tracking/:symbol: from navigation state (spec 2 §2), else from `?id=` (reloads, shared links),
 * else the user's own tracking of that symbol from the summary.
 */
export const useRouteTrackingId = (symbol: string): Resolved => {
  const location = useLocation();
  const [search] = useSearchParams();
  const known = stateTrackingId(location.state) ?? search.get('id') ?? undefined;
  const summary = useTrackingsSummary();
  if (known) return { status: 'found', trackingId: known };
  if (summary.isPending) return { status: 'pending' };
  const match = summary.data?.find((tracking) => tracking.symbol.toUpperCase() === symbol.toUpperCase());
  return match ? { status: 'found', trackingId: match.trackingId } : { status: 'none' };
};
