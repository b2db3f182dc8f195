import type { Position } from '@etf-replicator/core';

/** PostgreSQL log positions are `<transaction id>:<global position>`, ordered by the pair. */
export type PgPosition = { readonly tx: bigint; readonly gp: bigint };

export const formatPgPosition = (tx: bigint | string, gp: bigint | string | number): Position =>
  `${tx}:${gp}` as Position;

export const parsePgPosition = (position: Position): PgPosition => {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new Error(`Not a PostgreSQL log position: ${position}`);
  return { tx: BigInt(match[1] as string), gp: BigInt(match[2] as string) };
};

export const comparePgPositions = (a: Position, b: Position): number => {
  const left = parsePgPosition(a);
  const right = parsePgPosition(b);
  if (left.tx !== right.tx) return left.tx < right.tx ? -1 : 1;
  if (left.gp !== right.gp) return left.gp < right.gp ? -1 : 1;
  return 0;
};
