import type { SiblingChannel } from '../cluster/sibling-channel';

/**
 * Apps of one test that stand for a cluster's workers (cluster/sibling-channel.ts): each `member()` hears what the
 * others publish, a turn of the event loop later, as a message through the primary would arrive.
 */
export const inMemorySiblings = () => {
  const members = new Set<Map<string, Set<(body: string) => void>>>();
  return {
    member(): SiblingChannel {
      const topics = new Map<string, Set<(body: string) => void>>();
      members.add(topics);
      return {
        publish(topic, body) {
          for (const other of members)
            if (other !== topics)
              for (const listener of other.get(topic) ?? []) setImmediate(() => listener(body));
        },
        subscribe(topic, listener) {
          const listeners = topics.get(topic) ?? new Set();
          topics.set(topic, listeners);
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    },
  };
};
