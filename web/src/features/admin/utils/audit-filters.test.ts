import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersToSearch, isoToLocalInput, localInputToIso } from './audit-filters';

describe('audit filters in the URL', () => {
  it('reads every filter and writes back only those that are set', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('user=ann%40example.com&eventType=OrderExecuted&x=1'),
    );
    expect(filters).toEqual({
      user: 'ann@example.com',
      category: '',
      eventType: 'OrderExecuted',
      from: '',
      to: '',
    });
    expect(filtersToSearch(filters).toString()).toBe('user=ann%40example.com&eventType=OrderExecuted');
  });

  it('converts between ISO instants and datetime-local values both ways', () => {
    const local = '2026-01-31T10:15';
    const iso = localInputToIso(local);
    expect(new Date(iso).getTime()).toBe(new Date(local).getTime());
    expect(isoToLocalInput(iso)).toBe(local);
    expect(new Date(localInputToIso(local, { endOfMinute: true })).getTime() - new Date(iso).getTime()).toBe(
      59_999,
    );
    expect([localInputToIso(''), isoToLocalInput(''), isoToLocalInput('garbage')]).toEqual(['', '', '']);
  });
});
