import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { LiveTail, type TailSubscription } from './live-tail';

class FakeSubscription extends EventEmitter implements TailSubscription {
  unsubscribed = false;
  async unsubscribe() {
    this.unsubscribed = true;
  }
}

const harness = () => {
  const opened: FakeSubscription[] = [];
  let now = 0;
  const tail = new LiveTail(
    () => {
      const subscription = new FakeSubscription();
      opened.push(subscription);
      return subscription;
    },
    () => now,
  );
  return {
    tail,
    opened,
    advance: (ms: number) => {
      now += ms;
    },
  };
};

/** Resolves to how the wait ended: woken by the tail, or still sleeping when checked. */
const settle = async (wait: Promise<void>) =>
  Promise.race([
    wait.then(() => 'woken'),
    new Promise((resolve) => setTimeout(() => resolve('sleeping'), 20)),
  ]);

describe('LiveTail', () => {
  it('opens one subscription lazily and wakes every waiter on an event', async () => {
    const { tail, opened } = harness();
    expect(opened).toHaveLength(0);
    const signal = new AbortController().signal;
    const first = tail.wait(60_000, signal);
    const second = tail.wait(60_000, signal);
    expect(opened).toHaveLength(1);
    opened[0]?.emit('data', {});
    expect(await settle(first)).toBe('woken');
    expect(await settle(second)).toBe('woken');
  });

  it('lets a waiter sleep until its timer when nothing is announced', async () => {
    const { tail } = harness();
    expect(await settle(tail.wait(60_000, new AbortController().signal))).toBe('sleeping');
    expect(await settle(tail.wait(1, new AbortController().signal))).toBe('woken');
  });

  it('ends a wait when its signal aborts', async () => {
    const { tail } = harness();
    const controller = new AbortController();
    const wait = tail.wait(60_000, controller.signal);
    controller.abort();
    expect(await settle(wait)).toBe('woken');
  });

  it('wakes waiters when the subscription fails and reopens only after a pause', async () => {
    const { tail, opened, advance } = harness();
    const signal = new AbortController().signal;
    const wait = tail.wait(60_000, signal);
    opened[0]?.emit('error', new Error('connection lost'));
    expect(await settle(wait)).toBe('woken');
    void tail.wait(1, signal);
    expect(opened).toHaveLength(1);
    advance(5_000);
    void tail.wait(1, signal);
    expect(opened).toHaveLength(2);
  });

  it('retries later when opening throws', async () => {
    let attempts = 0;
    let now = 0;
    const tail = new LiveTail(
      () => {
        attempts++;
        throw new Error('no server');
      },
      () => now,
    );
    const signal = new AbortController().signal;
    await tail.wait(1, signal);
    await tail.wait(1, signal);
    expect(attempts).toBe(1);
    now += 5_000;
    await tail.wait(1, signal);
    expect(attempts).toBe(2);
  });

  it('unsubscribes on close, wakes waiters and stays closed', async () => {
    const { tail, opened } = harness();
    const signal = new AbortController().signal;
    const wait = tail.wait(60_000, signal);
    await tail.close();
    expect(opened[0]?.unsubscribed).toBe(true);
    expect(await settle(wait)).toBe('woken');
    await tail.wait(1, signal);
    expect(opened).toHaveLength(1);
  });
});
