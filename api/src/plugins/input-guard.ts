import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error';

/** A UTF-16 surrogate without its pair: not valid Unicode, and PostgreSQL cannot store it as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL (PostgreSQL text cannot hold it) or a lone surrogate: no real input holds either. */
export const hasUnsafeText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

export const UNSAFE_TEXT_MESSAGE =
  'The request contains characters that are not allowed (a NUL byte or an invalid Unicode sequence).';

/** True when any string (or key) inside a parsed JSON value holds unsafe text. */
export const containsUnsafeText = (value: unknown, depth = 0): boolean => {
  if (depth > 64) return false;
  if (typeof value === 'string') return hasUnsafeText(value);
  if (Array.isArray(value)) return value.some((item) => containsUnsafeText(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, item]) => hasUnsafeText(key) || containsUnsafeText(item, depth + 1),
    );
  }
  return false;
};

const decodedUrlIsUnsafe = (request: FastifyRequest) => {
  const url = request.url;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.replaceAll('+', ' '));
  } catch {
    return false; // Fastify answers malformed escapes itself (400 FST_ERR_BAD_URL)
  }
  return hasUnsafeText(decoded);
};

/**
 * Refuses NUL bytes and unpaired surrogates anywhere in the path, the query or a JSON body with a 400 and a clear
 * message, before any route sees them (otherwise they reach PostgreSQL and fail there as a 500).
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (decodedUrlIsUnsafe(request)) throw new HttpError(400, UNSAFE_TEXT_MESSAGE);
    });
    app.addHook('preValidation', async (request) => {
      if (containsUnsafeText(request.body)) throw new HttpError(400, UNSAFE_TEXT_MESSAGE);
    });
  },
  { name: 'input-guard' },
);
