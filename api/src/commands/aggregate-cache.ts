/**
 * Folded aggregates by stream, with the revision they are folded up to: a command on a long-lived stream decides
 * from here instead of re-reading the whole stream. Only an optimisation: the append checks the expected revision,
 * so a stale entry (another instance appended meanwhile) costs one conflict and a re-read, never a wrong event.
 * Bounded, least recently used out first.
 */
export type AggregateCache<State> = {
  get(streamId: string): { readonly state: State; readonly revision: number } | undefined;
  set(streamId: string, entry: { readonly state: State; readonly revision: number }): void;
  delete(streamId: string): void;
};

export const createAggregateCache = <State>(capacity = 5_000): AggregateCache<State> => {
  const entries = new Map<string, { readonly state: State; readonly revision: number }>();
  return {
    get(streamId) {
      const entry = entries.get(streamId);
      if (entry) {
        entries.delete(streamId);
        entries.set(streamId, entry);
      }
      return entry;
    },
    set(streamId, entry) {
      entries.delete(streamId);
      entries.set(streamId, entry);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
    delete(streamId) {
      entries.delete(streamId);
    },
  };
};
