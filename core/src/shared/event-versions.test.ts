import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventCatalog, storedSchemaVersion } from './event-versions';

const catalog = eventCatalog(
  'a sample',
  {
    Renamed: z.strictObject({ fullName: z.string() }),
    Closed: z.strictObject({ at: z.string() }),
  },
  {
    current: { Renamed: 2, Closed: 1 },
    upcasters: {
      Renamed: { 1: (data) => ({ fullName: (data as { name: string }).name }) },
    },
  },
);

describe('eventCatalog', () => {
  it('stamps each type with its current version', () => {
    expect(catalog.schemaVersionOf('Renamed')).toBe(2);
    expect(catalog.schemaVersionOf('Closed')).toBe(1);
  });

  it('lifts a version-1 payload, and a payload stored without a version, through the upcaster', () => {
    expect(catalog.parse('Renamed', { name: 'Ada' }, 1)).toEqual({
      type: 'Renamed',
      data: { fullName: 'Ada' },
    });
    expect(catalog.parse('Renamed', { name: 'Ada' })).toEqual({ type: 'Renamed', data: { fullName: 'Ada' } });
    expect(catalog.parse('Renamed', { fullName: 'Ada' }, 2)).toEqual({
      type: 'Renamed',
      data: { fullName: 'Ada' },
    });
  });

  it('refuses unknown types, newer versions and payloads the current schema rejects', () => {
    expect(() => catalog.parse('Opened', {})).toThrow('Not a sample event: Opened');
    expect(() => catalog.schemaVersionOf('Opened')).toThrow('Not a sample event: Opened');
    expect(() => catalog.parse('Closed', { at: 'x' }, 2)).toThrow('newer than this code');
    expect(() => catalog.parse('Renamed', { name: 'Ada' }, 2)).toThrow();
  });

  it('reads a missing version as 1 and refuses versions that are not positive integers', () => {
    expect(storedSchemaVersion(undefined)).toBe(1);
    expect(() => storedSchemaVersion(0)).toThrow('Invalid schemaVersion');
    expect(() => storedSchemaVersion('2')).toThrow('Invalid schemaVersion');
  });
});
