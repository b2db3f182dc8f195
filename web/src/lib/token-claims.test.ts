import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAccessToken } from '@/testing/tokens';
import { readClaims } from './token-claims';

describe('readClaims', () => {
  afterEach(() => vi.restoreAllMocks());

  it('maps sub, userId, plan and role authorities', () => {
    const token = makeAccessToken({
      sub: 'ada@example.com',
      userId: 'u-7',
      plan: 'GROWTH',
      roles: [{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }],
    });
    expect(readClaims(token)).toEqual({
      subject: 'ada@example.com',
      userId: 'u-7',
      plan: 'GROWTH',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
    });
  });

  it('leaves the plan undefined on the free plan', () => {
    expect(readClaims(makeAccessToken()).plan).toBeUndefined();
  });

  it('logs a role-parsing failure and yields no roles', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readClaims(makeAccessToken({ roles: 'ROLE_ADMIN' })).roles).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('raises the decoding error for a token that is not a string', () => {
    expect(() => readClaims(undefined)).toThrow('Invalid token specified: must be a string');
  });
});
