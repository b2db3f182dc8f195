import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/** `"r<revision>"`, or a whole tracking ETag (`"r<revision>-…"`), weak or strong. */
const REVISION_TAG = /^(?:W\/)?"r(\d{1,15})(?:-[^"]*)?"$/;

/**
 * The stream revision a command's `If-Match` names, or undefined without the header (or with `*`): the caller then
 * acts on whatever the latest revision is, as before. Anything else is a 400, never a guess.
 */
export const ifMatchRevision = (request: FastifyRequest): number | undefined => {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return undefined;
  const match = REVISION_TAG.exec(value);
  if (!match) throw new HttpError(400, 'Invalid If-Match header: send the tracking\'s ETag, e.g. "r12"');
  return Number(match[1]);
};

/** The ETag prefix that carries the revision (see ifMatchRevision). */
export const revisionTagPrefix = (revision: number): string => `r${revision}-`;
