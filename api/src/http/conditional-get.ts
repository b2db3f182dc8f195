import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GET from a read model's version: the answer carries `ETag` (and `Cache-Control: private, no-cache`, so
 * a browser keeps it per user and always revalidates); a request whose `If-None-Match` names the current version
 * gets `304 Not Modified` with no body. Returns true when it answered 304.
 */
export const notModified = (
  request: FastifyRequest,
  reply: FastifyReply,
  version: string,
  /** Put before the hash: a tracking's tag starts with its revision, which a command's If-Match sends back. */
  tagPrefix = '',
): boolean => notModifiedSince(request, reply, entityTag(version, tagPrefix));

/** The ETag of a read model's version: the prefix, then a digest of the version (22 characters). */
export const entityTag = (version: string, tagPrefix = ''): string =>
  `"${tagPrefix}${createHash('sha256').update(version).digest('base64url').slice(0, 22)}"`;

/** notModified with the ETag already at hand (a route that keeps it with its answer, per version). */
export const notModifiedSince = (request: FastifyRequest, reply: FastifyReply, etag: string): boolean => {
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (!ifNoneMatch) return false;
  const matches = ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
  if (matches) reply.code(304).send();
  return matches;
};
