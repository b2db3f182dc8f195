import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SiblingChannel } from '../cluster/sibling-channel';
import { shareTrackingChanges, type TrackingChangeSharing } from '../trackings/sibling-changes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the cluster's other server processes about a tracking command's events (trackings/sibling-changes.ts). */
    trackingChanges: TrackingChangeSharing;
  }
}

/** The tracking changes this server process shares with its siblings, and folds in from theirs. */
export default fp(
  async (app: FastifyInstance, { channel }: { channel: SiblingChannel | undefined }) => {
    const sharing = shareTrackingChanges(app.eventStore, channel, (error) =>
      app.log.warn({ err: error }, 'a tracking change from another server process was not understood'),
    );
    app.decorate('trackingChanges', sharing);
    app.addHook('onClose', async () => sharing.close());
  },
  { name: 'sibling-changes', dependencies: ['infrastructure'] },
);
