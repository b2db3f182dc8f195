import { describe, expect, it } from 'vitest';
import { makeAccessToken } from '@/testing/tokens';
import { decodeJwt, InvalidTokenError } from './jwt-decode';

describe('decodeJwt', () => {
  it('reads the payload of a token', () => {
    expect(decodeJwt(makeAccessToken({ sub: 'zoë@example.com' }))).toMatchObject({ sub: 'zoë@example.com' });
  });

  it.each([undefined, null, 42, { token: 'x' }])(
    'rejects a non-string token (%s) with the spec text',
    (token) => {
      expect(() => decodeJwt(token)).toThrow(
        new InvalidTokenError('Invalid token specified: must be a string'),
      );
    },
  );

  it('rejects a token without a payload part', () => {
    expect(() => decodeJwt('abc')).toThrow('Invalid token specified: missing part #2');
  });

  it('rejects a payload that is not JSON', () => {
    expect(() => decodeJwt(`x.${btoa('not json')}.y`)).toThrow(/invalid json for part #2/);
  });
});
