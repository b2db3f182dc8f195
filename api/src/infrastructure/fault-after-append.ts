import type { EventStore } from '@etf-replicator/core';
import { currentCommandScope } from '../commands/command-scope';

/**
 * The crash test's fault (issue 27 item 1): every `every`-th append of a request with an Idempotency-Key is committed
 * and then reported as failed, as when the connection drops before the answer (other appends — start-up imports,
 * the drift check — are left alone: nothing would retry them). A request whose events were appended must still be recorded once
 * when its client retries with the same Idempotency-Key. Only the crash test sets it; production refuses it
 * (config-schema.ts).
 */
export const failAfterEveryNthAppend = (eventStore: EventStore, every: number): EventStore => {
  let appends = 0;
  const faultAfter = async <T>(append: () => Promise<T>): Promise<T> => {
    const result = await append();
    if (!currentCommandScope()) return result;
    appends += 1;
    if (appends % every === 0) throw new Error('fault injected after the append (FAULT_AFTER_APPEND_EVERY)');
    return result;
  };
  const appendToStream: EventStore['appendToStream'] = (...args) =>
    faultAfter(() => eventStore.appendToStream(...args));
  const multi = eventStore.appendToStreams?.bind(eventStore);
  const appendToStreams: EventStore['appendToStreams'] =
    multi && ((appends) => faultAfter(() => multi(appends)));
  return Object.assign(Object.create(eventStore) as EventStore, { appendToStream, appendToStreams });
};
