import cluster, { type Worker } from 'node:cluster';
import { z } from 'zod';

/**
 * The other server processes of a cluster (WEB_CONCURRENCY > 1), reached through the primary: what one process
 * `publish`es on a topic, every other one's `subscribe`rs of that topic get. Delivery is best effort (a process that
 * is starting or dying misses messages), so only what may be missed travels here: hints that spare a sibling a
 * read, never something it must know.
 */
export type SiblingChannel = {
  publish(topic: string, body: string): void;
  subscribe(topic: string, listener: (body: string) => void): () => void;
};

const TYPE = 'etf:siblings';
const envelope = z.object({ type: z.literal(TYPE), topic: z.string(), body: z.string() });
type Envelope = z.infer<typeof envelope>;

/** A send whose failure is no news (the other end is gone); without a callback it would be an uncaught error. */
const ignoreFailure = () => {};

/** Primary: hands each worker's sibling messages to every other worker that is up. Call once, at start. */
export const relaySiblingMessages = (): void => {
  cluster.on('message', (from: Worker, raw: unknown) => {
    const message = envelope.safeParse(raw);
    if (!message.success) return;
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker && worker !== from && worker.isConnected())
        worker.send(message.data, undefined, ignoreFailure);
  });
};

/** This cluster worker's channel to its siblings; undefined in a process of its own (nobody to tell). */
export const workerSiblingChannel = (): SiblingChannel | undefined => {
  if (!cluster.isWorker) return undefined;
  return {
    publish(topic, body) {
      const sent: Envelope = { type: TYPE, topic, body };
      process.send?.(sent, undefined, {}, ignoreFailure);
    },
    subscribe(topic, listener) {
      const onMessage = (raw: unknown) => {
        const message = envelope.safeParse(raw);
        if (message.success && message.data.topic === topic) listener(message.data.body);
      };
      process.on('message', onMessage);
      return () => process.off('message', onMessage);
    },
  };
};
