/**
 * A fresh Idempotency-Key per user action, so a network retry of the same call never runs a command twice.
 * crypto.randomUUID exists only in secure contexts; plain-http hosts get a v4 UUID from getRandomValues.
 */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const idempotencyHeaders = (): Record<string, string> => ({ 'Idempotency-Key': newIdempotencyKey() });

/** The key of each action sent but not answered for sure: the same action retried reuses it. */
const unanswered = new Map<string, string>();

/**
 * Sends a command with an Idempotency-Key that outlives a failure the client cannot judge: after a lost connection or
 * a server error the command may have run, so the same action (method, URL and body) sent again carries the same
 * key and gets the first outcome instead of running twice. A definite answer (2xx, or a 4xx other than "still
 * being processed") ends the key's life.
 */
export const withRetryableIdempotencyKey = async <T>(
  action: string,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> => {
  const key = unanswered.get(action) ?? newIdempotencyKey();
  unanswered.set(action, key);
  try {
    const result = await send({ 'Idempotency-Key': key });
    unanswered.delete(action);
    return result;
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    const definite = typeof status === 'number' && status >= 400 && status < 500 && status !== 409;
    const stale = status === 409 && !/still being processed/i.test((error as Error).message);
    if (definite || stale) unanswered.delete(action);
    throw error;
  }
};
