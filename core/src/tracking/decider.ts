import type { Decider } from '../shared/decider';
import type { TrackingCommand } from './commands';
import { decide } from './decide';
import type { TrackingEvent } from './events';
import { evolve, initialState, type Tracking } from './state';

export const trackingDecider: Decider<Tracking, TrackingCommand, TrackingEvent> = {
  decide,
  evolve,
  initialState,
};

export const TRACKING_STREAM_CATEGORY = 'tracking';

export const trackingStreamId = (trackingId: string): string => `${TRACKING_STREAM_CATEGORY}-${trackingId}`;
