const NUL = '\u0000';

/**
 * The value with every U+0000 removed from its strings and keys (deeply). PostgreSQL text and jsonb cannot hold
 * NUL; the API rejects it at input, but a log (KurrentDB) may still carry older or foreign events that have it, and
 * a projector must store them rather than fail.
 */
export const stripNul = <T>(value: T): T => {
  if (typeof value === 'string') return value.replaceAll(NUL, '') as T;
  if (Array.isArray(value)) return value.map(stripNul) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replaceAll(NUL, ''), stripNul(item)]),
    ) as T;
  }
  return value;
};
