import { AsyncLocalStorage } from 'node:async_hooks';
import { shareWithMembers } from '../runner/shared-with-members';
import type { TrackingView } from './derive-tracking-view';

export type DerivedView = {
  readonly userId: string;
  readonly symbol: string;
  readonly deleted: boolean;
  readonly revision: number;
  readonly updatedAt: string;
  readonly view: TrackingView;
};

/**
 * The views the trackings projector derived in this async context: a command whose append applied the projector
 * inline answers from the view it just wrote (same transaction, already committed when the append returns) instead
 * of reading it back. Outside such a context (the runner, a rebuild) nothing is recorded. A group commit applying
 * several commands' appends together hands each command the views (shared-with-members.ts).
 */
export const derivedViews = new AsyncLocalStorage<Map<string, DerivedView>>();
shareWithMembers(derivedViews);
