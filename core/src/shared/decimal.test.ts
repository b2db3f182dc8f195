import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { D, dec } from './decimal';

describe('dec', () => {
  it('parses a string once: the same string gives the same (immutable) instance', () => {
    const first = dec('200.00');
    expect(dec('200.00')).toBe(first);
    expect(first.toFixed()).toBe('200');
    expect(dec('200.000').eq(first)).toBe(true);
  });

  it('takes one of its own Decimals as it is, and copies a Decimal of another configuration into its own', () => {
    const own = new D('1.5');
    expect(dec(own)).toBe(own);
    const foreign = new Decimal('1.5');
    const copied = dec(foreign);
    expect(copied).not.toBe(foreign);
    expect(copied.constructor).toBe(D);
    expect(copied.eq(foreign)).toBe(true);
  });

  it('stays correct past the bound of strings it keeps', () => {
    for (let i = 0; i < 25_000; i++) expect(dec(`${i}.25`).toFixed()).toBe(`${i}.25`);
    expect(dec('-0.5').add(dec('0.5')).isZero()).toBe(true);
    expect(() => dec('not a number')).toThrow();
  });
});
