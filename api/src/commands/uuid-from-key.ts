import { createHash } from 'node:crypto';

/** A name-based (v5-shaped) uuid: the same key always gives the same id. */
export const uuidFromKey = (key: string): string => {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = (8 | (Number.parseInt(hex.charAt(16), 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
