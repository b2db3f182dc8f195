/** The error jwt-decode raises; the texts are the ones spec 1 §8 quotes. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

const base64UrlDecode = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
};

/** Reads a JWT's payload without verifying it (the server verifies; the client only needs the claims). */
export const decodeJwt = (token: unknown): Record<string, unknown> => {
  if (typeof token !== 'string') {
    throw new InvalidTokenError('Invalid token specified: must be a string');
  }
  const part = token.split('.')[1];
  if (part === undefined) {
    throw new InvalidTokenError('Invalid token specified: missing part #2');
  }
  let decoded: string;
  try {
    decoded = base64UrlDecode(part);
  } catch (error) {
    throw new InvalidTokenError(`Invalid token specified: invalid base64 for part #2 (${String(error)})`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(decoded);
  } catch (error) {
    throw new InvalidTokenError(`Invalid token specified: invalid json for part #2 (${String(error)})`);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new InvalidTokenError('Invalid token specified: invalid json for part #2 (not an object)');
  }
  return payload as Record<string, unknown>;
};
