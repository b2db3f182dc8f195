import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http/http-error';

const NUL = '\u0000';
const MAX_DEPTH = 64;

/** The path ("message", "items[2].name") of the first string or key holding U+0000, or undefined. */
export const findNul = (value: unknown, path = '', depth = 0): string | undefined => {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return undefined; // raw bodies (webhooks): bytes, not text
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${path}[${index}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return at.replaceAll(NUL, '');
    const found = findNul(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
};

/** Throws the 400 for the first NUL in `value` (bodies read by a route itself, e.g. a multipart JSON part). */
export const rejectNul = (value: unknown, path = '') => {
  const field = findNul(value, path);
  if (field) throw nulError(field);
};

const nulError = (field: string) =>
  badRequest(
    `${field}: the text contains a NUL character (U+0000), which is not allowed. Remove it and try again.`,
  );

/**
 * Rejects U+0000 anywhere in a request's body, query or path parameters, once, at the HTTP boundary: KurrentDB
 * would store it, PostgreSQL text and jsonb cannot, and a projector would then fail on the recorded event.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
      if (field) throw nulError(field);
    });
  },
  { name: 'reject-nul', dependencies: ['error-handler'] },
);
