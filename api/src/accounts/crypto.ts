import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail } from '@etf-replicator/core/user/index';

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** 256 random bits, URL-safe: for links, refresh cookies and OAuth states. Only their hashes are stored. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** The reservation stream key of an address: sha256 of the normalised address (DESIGN §4). */
export const emailKey = (email: string): string => sha256Hex(normalizeEmail(email));
