const SECRET_KEY = /(password|passwd|secret|token|hash|authorization|cookie|apikey|api_key)/i;

/**
 * Events never carry secrets by design (DESIGN §4); this is the second line of defence for the audit view:
 * any value under a secret-looking key is replaced before it is stored or shown.
 */
export const redactSecrets = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) && inner !== null && typeof inner !== 'boolean'
        ? '[redacted]'
        : redactSecrets(inner),
    ]),
  );
};
