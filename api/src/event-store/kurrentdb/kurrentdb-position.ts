import type { Position } from '@etf-replicator/core';

/**
 * KurrentDB log positions as the port's opaque `Position`: `<commit>:<prepare>`, each an unsigned 64-bit integer
 * written with exactly 20 decimal digits (zero-padded). The fixed width makes the strings sort like the positions
 * themselves (useful in a checkpoint table) and lets `parse` reject positions issued by another adapter, such as
 * the PostgreSQL `<xid>:<global position>` pair. Comparison still parses to bigint: commit first, then prepare,
 * which is the order of `$all`.
 */
export type KurrentPosition = { readonly commit: bigint; readonly prepare: bigint };

const WIDTH = 20;
const U64_MAX = (1n << 64n) - 1n;
const PATTERN = /^(\d{20}):(\d{20})$/;

const checkU64 = (value: bigint, name: string): bigint => {
  if (value < 0n || value > U64_MAX)
    throw new RangeError(`KurrentDB ${name} position out of range: ${value}`);
  return value;
};

export const formatKurrentPosition = ({ commit, prepare }: KurrentPosition): Position =>
  `${checkU64(commit, 'commit').toString().padStart(WIDTH, '0')}:${checkU64(prepare, 'prepare')
    .toString()
    .padStart(WIDTH, '0')}` as Position;

export const parseKurrentPosition = (position: Position): KurrentPosition => {
  const match = PATTERN.exec(position);
  if (!match) throw new Error(`Not a KurrentDB log position: ${position}`);
  return {
    commit: checkU64(BigInt(match[1] as string), 'commit'),
    prepare: checkU64(BigInt(match[2] as string), 'prepare'),
  };
};

export const compareKurrentPositions = (a: Position, b: Position): number => {
  const left = parseKurrentPosition(a);
  const right = parseKurrentPosition(b);
  if (left.commit !== right.commit) return left.commit < right.commit ? -1 : 1;
  if (left.prepare !== right.prepare) return left.prepare < right.prepare ? -1 : 1;
  return 0;
};

/** The later of the given positions, ignoring `undefined`; `undefined` only when all are. */
export const latestKurrentPosition = (
  ...positions: readonly (Position | undefined)[]
): Position | undefined => {
  let latest: Position | undefined;
  for (const position of positions) {
    if (position !== undefined && (latest === undefined || compareKurrentPositions(position, latest) > 0)) {
      latest = position;
    }
  }
  return latest;
};
