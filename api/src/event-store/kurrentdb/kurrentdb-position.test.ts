import type { Position } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import {
  compareKurrentPositions,
  formatKurrentPosition,
  latestKurrentPosition,
  parseKurrentPosition,
} from './kurrentdb-position';

const U64_MAX = (1n << 64n) - 1n;
const at = (commit: bigint, prepare: bigint = commit) => formatKurrentPosition({ commit, prepare });

describe('KurrentDB positions', () => {
  it('formats commit and prepare as two fixed-width decimal numbers', () => {
    expect(at(1234n, 1200n)).toBe('00000000000000001234:00000000000000001200');
    expect(at(0n)).toBe('00000000000000000000:00000000000000000000');
    expect(at(U64_MAX)).toBe('18446744073709551615:18446744073709551615');
  });

  it('parses what it formats, up to the largest unsigned 64-bit value', () => {
    for (const position of [
      { commit: 0n, prepare: 0n },
      { commit: 42n, prepare: 7n },
      { commit: U64_MAX, prepare: U64_MAX - 1n },
    ]) {
      expect(parseKurrentPosition(formatKurrentPosition(position))).toEqual(position);
    }
  });

  it('rejects values outside the unsigned 64-bit range', () => {
    expect(() => at(-1n)).toThrow(RangeError);
    expect(() => at(U64_MAX + 1n)).toThrow(RangeError);
    expect(() => parseKurrentPosition('18446744073709551616:00000000000000000000' as Position)).toThrow(
      RangeError,
    );
  });

  it('rejects positions issued by another adapter or malformed', () => {
    for (const bad of [
      '12:34',
      '',
      'start',
      '00000000000000001234',
      '0000000000000000123a:00000000000000000001',
    ]) {
      expect(() => parseKurrentPosition(bad as Position)).toThrow(/Not a KurrentDB log position/);
    }
  });

  it('orders by commit first, then prepare, as numbers not as text', () => {
    expect(compareKurrentPositions(at(9n), at(10n))).toBeLessThan(0);
    expect(compareKurrentPositions(at(10n), at(9n))).toBeGreaterThan(0);
    expect(compareKurrentPositions(at(10n, 1n), at(10n, 2n))).toBeLessThan(0);
    expect(compareKurrentPositions(at(11n, 1n), at(10n, 99n))).toBeGreaterThan(0);
    expect(compareKurrentPositions(at(5n, 3n), at(5n, 3n))).toBe(0);
  });

  it('sorts as text exactly like it compares', () => {
    const values = [0n, 9n, 10n, 99n, 100n, 123456789n, U64_MAX];
    const positions = values.flatMap((commit) => values.map((prepare) => at(commit, prepare)));
    const byText = [...positions].sort();
    const byCompare = [...positions].sort(compareKurrentPositions);
    expect(byText).toEqual(byCompare);
  });

  it('picks the latest of several positions, skipping undefined', () => {
    expect(latestKurrentPosition()).toBeUndefined();
    expect(latestKurrentPosition(undefined, undefined)).toBeUndefined();
    expect(latestKurrentPosition(at(3n), undefined, at(12n), at(7n))).toBe(at(12n));
    expect(latestKurrentPosition(undefined, at(1n))).toBe(at(1n));
  });
});
