import { describe, expect, it } from 'vitest';
import { parseMinLoss } from './min-loss';

describe('parseMinLoss', () => {
  it('leaves an empty field to the server default', () => {
    expect(parseMinLoss('')).toEqual({ status: 'default' });
    expect(parseMinLoss('   ')).toEqual({ status: 'default' });
  });

  it('reads amounts as typed, without the dollar sign, grouping or spaces', () => {
    expect(parseMinLoss('100')).toEqual({ status: 'valid', value: '100' });
    expect(parseMinLoss('$1,000')).toEqual({ status: 'valid', value: '1000' });
    expect(parseMinLoss(' 250.50 ')).toEqual({ status: 'valid', value: '250.50' });
  });

  it('reads percentages, with or without a space before the sign', () => {
    expect(parseMinLoss('5%')).toEqual({ status: 'valid', value: '5%' });
    expect(parseMinLoss('7.5 %')).toEqual({ status: 'valid', value: '7.5%' });
  });

  it('refuses what the API would refuse', () => {
    for (const text of ['abc', '-5', '5%%', '1.234', '%5', '10$x'])
      expect(parseMinLoss(text)).toMatchObject({ status: 'invalid' });
  });
});
