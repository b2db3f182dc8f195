import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http/http-error';

/**
 * Text no real input holds, refused once at the HTTP boundary: U+0000 (KurrentDB would store it, PostgreSQL text and
 * jsonb cannot, and a projector would then fail on the recorded event) and a UTF-16 surrogate without its pair (not
 * valid Unicode; PostgreSQL cannot store it as UTF-8). Either would otherwise end in a 500 or a stuck projector.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 64;

type Unsafe = 'nul' | 'surrogate';
const unsafeIn = (text: string): Unsafe | undefined =>
  text.includes(NUL) ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : undefined;

export const hasUnsafeText = (text: string): boolean => unsafeIn(text) !== undefined;

/** For a URL, where no field can be named. */
export const UNSAFE_TEXT_MESSAGE =
  'The request contains characters that are not allowed (a NUL byte or an invalid Unicode sequence).';

/** The first string or key (by its path: "message", "items[2].name") holding unsafe text, or undefined. */
export const findUnsafeText = (
  value: unknown,
  path = '',
  depth = 0,
): { field: string; unsafe: Unsafe } | undefined => {
  if (typeof value === 'string') {
    const unsafe = unsafeIn(value);
    return unsafe ? { field: path || 'value', unsafe } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return undefined; // raw bodies (webhooks): bytes
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnsafeText(item, `${path}[${index}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const inKey = unsafeIn(key);
    if (inKey) return { field: at.replaceAll(NUL, ''), unsafe: inKey };
    const found = findUnsafeText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
};

const unsafeTextError = ({ field, unsafe }: { field: string; unsafe: Unsafe }) =>
  badRequest(
    unsafe === 'nul'
      ? `${field}: the text contains a NUL character (U+0000), which is not allowed. Remove it and try again.`
      : `${field}: the text contains an invalid Unicode sequence (an unpaired surrogate), which is not allowed. Remove it and try again.`,
  );

/** Throws the 400 for the first unsafe text in `value` (bodies a route parses itself, e.g. a multipart JSON part). */
export const rejectUnsafeText = (value: unknown, path = ''): void => {
  const found = findUnsafeText(value, path);
  if (found) throw unsafeTextError(found);
};

const decodedUrlIsUnsafe = (request: FastifyRequest) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(request.url.replaceAll('+', ' '));
  } catch {
    return false; // Fastify answers malformed escapes itself (400 FST_ERR_BAD_URL)
  }
  return hasUnsafeText(decoded);
};

/**
 * The URL (path and query, decoded) before any route sees it; then path parameters, query and JSON body, naming the
 * field, before validation.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (decodedUrlIsUnsafe(request)) throw badRequest(UNSAFE_TEXT_MESSAGE);
    });
    app.addHook('preValidation', async (request) => {
      const found =
        findUnsafeText(request.params) ?? findUnsafeText(request.query) ?? findUnsafeText(request.body);
      if (found) throw unsafeTextError(found);
    });
  },
  { name: 'input-guard', dependencies: ['error-handler'] },
);
