import { describe, expect, it } from 'vitest';
import { bearerToken, createVerifiedTokens } from './verified-tokens';

describe('createVerifiedTokens', () => {
  const exp = 1_800_000_000; // seconds

  it('answers the user of a token kept before, until its expiry and not after', () => {
    const tokens = createVerifiedTokens<string>();
    tokens.remember('t1', 'ann', exp);
    expect(tokens.get('t1', exp * 1000 - 1)).toBe('ann');
    expect(tokens.get('t1', exp * 1000)).toBe('ann');
    expect(tokens.get('t1', exp * 1000 + 1)).toBeUndefined();
    expect(tokens.get('t1', exp * 1000 - 1)).toBeUndefined(); // dropped once seen expired
  });

  it('knows only the exact text it kept', () => {
    const tokens = createVerifiedTokens<string>();
    tokens.remember('t1', 'ann', exp);
    expect(tokens.get('t1 ', 0)).toBeUndefined();
    expect(tokens.get('T1', 0)).toBeUndefined();
  });

  it('keeps no token without a numeric expiry', () => {
    const tokens = createVerifiedTokens<string>();
    for (const [token, noExpiry] of [
      ['a', undefined],
      ['b', '1800000000'],
      ['c', Number.NaN],
    ] as const) {
      tokens.remember(token, 'ann', noExpiry);
      expect(tokens.get(token, 0)).toBeUndefined();
    }
  });

  it('starts over when full', () => {
    const tokens = createVerifiedTokens<string>({ maxKept: 2 });
    tokens.remember('a', 'ann', exp);
    tokens.remember('b', 'bob', exp);
    tokens.remember('c', 'cy', exp);
    expect([tokens.get('a', 0), tokens.get('b', 0), tokens.get('c', 0)]).toEqual([
      undefined,
      undefined,
      'cy',
    ]);
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header as @fastify/jwt does', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
  });
});
