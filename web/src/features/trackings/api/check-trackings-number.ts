import { trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/trackings/check-trackings-number: may this user create one more tracking? */
export const checkTrackingsNumber = async (): Promise<boolean> =>
  z.boolean().parse(await api.get<unknown>('/api/trackings/check-trackings-number'));

export type TrackingPermission = { allowed: true } | { allowed: false; message: string };

/** Spec 2 §5 "New tracking permission" with the two texts of §8. Asked fresh each time (never cached). */
export const askTrackingPermission = async (): Promise<TrackingPermission> => {
  try {
    return (await checkTrackingsNumber())
      ? { allowed: true }
      : { allowed: false, message: trackingMessages.trackingLimit };
  } catch {
    return { allowed: false, message: trackingMessages.checkFailed };
  }
};
