import { describe, expect, it } from 'vitest';
import { streamCategory } from './stream-id';

describe('streamCategory', () => {
  it('takes the part before the first dash', () => {
    expect(streamCategory('tracking-6f1c-44aa')).toBe('tracking');
    expect(streamCategory('etf-VOO')).toBe('etf');
  });
  it('is the whole id when there is no dash', () => {
    expect(streamCategory('settings')).toBe('settings');
  });
});
