import { describe, expect, it } from 'vitest';
import { nameBasedUuid } from './content-hash';

describe('nameBasedUuid', () => {
  it('gives equal ids for equal parts and different ids otherwise', () => {
    expect(nameBasedUuid('etf-VOO', '0', 'sha256:ab')).toBe(nameBasedUuid('etf-VOO', '0', 'sha256:ab'));
    expect(nameBasedUuid('etf-VOO', '1', 'sha256:ab')).not.toBe(nameBasedUuid('etf-VOO', '0', 'sha256:ab'));
    // Parts are separated, so moving text between them changes the id.
    expect(nameBasedUuid('ab', 'c')).not.toBe(nameBasedUuid('a', 'bc'));
  });

  it('is a well-formed RFC 9562 version-8 (hash-based) UUID', () => {
    expect(nameBasedUuid('etf-SPY', '3', 'sha256:00')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
