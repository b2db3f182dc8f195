import { createHash } from 'node:crypto';
import { canonicalJson } from '@etf-replicator/core/market-data/canonical-json';
import type { EtfSnapshotContent } from '@etf-replicator/core/market-data/snapshot-event';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** "sha256:<hex>" of the snapshot's canonical JSON: the same content always gives the same hash. */
export const snapshotContentHash = (content: EtfSnapshotContent): string =>
  `sha256:${sha256(canonicalJson(content)).toString('hex')}`;

/**
 * A name-based UUID: the first 16 bytes of SHA-256 over the parts, with the version and variant bits set. RFC 9562
 * files hash-based UUIDs over SHA-256 under version 8 (v5 is the SHA-1 flavour of the same idea). Equal parts give
 * the equal id, which is what makes a re-import — even two concurrent starts — append the event only once.
 */
export const nameBasedUuid = (...parts: readonly string[]): string => {
  const bytes = sha256(parts.join('\u0000')).subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
