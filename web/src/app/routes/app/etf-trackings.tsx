import { TrackingsList } from '@/features/trackings/components/trackings-list';

export const EtfTrackingsRoute = () => <TrackingsList />;
