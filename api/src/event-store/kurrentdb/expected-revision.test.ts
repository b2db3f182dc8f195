import { describe, expect, it } from 'vitest';
import { expectedBatchStart, toActualRevision, toStreamState } from './expected-revision';

describe('toStreamState', () => {
  it('maps the named expectations to the client constants', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState('stream_exists')).toBe('stream_exists');
  });

  it('maps an exact revision to a bigint', () => {
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
    expect(toStreamState(Number.MAX_SAFE_INTEGER)).toBe(BigInt(Number.MAX_SAFE_INTEGER));
  });

  it('rejects revisions that are not non-negative safe integers', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => toStreamState(bad)).toThrow(RangeError);
    }
  });
});

describe('toActualRevision', () => {
  it('answers undefined for a missing stream however it is reported', () => {
    expect(toActualRevision('no_stream')).toBeUndefined();
    expect(toActualRevision(-1n)).toBeUndefined();
    expect(toActualRevision(undefined)).toBeUndefined();
  });

  it('answers the revision of the last event as a number', () => {
    expect(toActualRevision(0n)).toBe(0);
    expect(toActualRevision(17n)).toBe(17);
  });
});

describe('expectedBatchStart', () => {
  it('knows where a batch lands only for no_stream and exact revisions', () => {
    expect(expectedBatchStart('no_stream')).toBe(0);
    expect(expectedBatchStart(0)).toBe(1);
    expect(expectedBatchStart(9)).toBe(10);
    expect(expectedBatchStart('any')).toBeUndefined();
    expect(expectedBatchStart('stream_exists')).toBeUndefined();
  });
});
