import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveLinger } from './live-linger';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Lets the promise's own callbacks run.
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('createLiveLinger', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pauses for its time when nobody waits', async () => {
    vi.useFakeTimers();
    const linger = createLiveLinger(50);
    const pause = linger.pause('audit_log', new AbortController().signal);
    await vi.advanceTimersByTimeAsync(49);
    expect(await settled(pause)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(pause)).toBe(true);
  });

  it('ends the pauses of a projection someone starts waiting for, and starts none while the wait lasts', async () => {
    vi.useFakeTimers();
    const linger = createLiveLinger(60_000);
    const signal = new AbortController().signal;
    const audit = linger.pause('audit_log', signal);
    const users = linger.pause('users', signal);
    const release = linger.hold(['audit_log']);
    expect(await settled(audit)).toBe(true);
    expect(await settled(users)).toBe(false);
    expect(await settled(linger.pause('audit_log', signal))).toBe(true);
    release();
    expect(await settled(linger.pause('audit_log', signal))).toBe(false);
  });

  it('counts overlapping waits: a pause starts again only once the last has ended', async () => {
    vi.useFakeTimers();
    const linger = createLiveLinger(60_000);
    const signal = new AbortController().signal;
    const first = linger.hold(['audit_log']);
    const second = linger.hold(['audit_log', 'users']);
    first();
    expect(await settled(linger.pause('audit_log', signal))).toBe(true);
    second();
    expect(await settled(linger.pause('audit_log', signal))).toBe(false);
  });

  it('ends a pause when the subscription stops, and reads at once with no linger', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pause = createLiveLinger(60_000).pause('audit_log', controller.signal);
    controller.abort();
    expect(await settled(pause)).toBe(true);
    expect(await settled(createLiveLinger(0).pause('audit_log', new AbortController().signal))).toBe(true);
  });
});
