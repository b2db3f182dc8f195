import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a value only once it has stopped changing for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 500), {
      initialProps: { value: '' },
    });
    rerender({ value: 'V' });
    act(() => vi.advanceTimersByTime(400));
    rerender({ value: 'VO' });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('VO');
  });

  it('never answers a value that was replaced within the delay', () => {
    const seen: string[] = [];
    const { rerender } = renderHook(
      ({ value }) => {
        const debounced = useDebouncedValue(value, 300);
        if (seen.at(-1) !== debounced) seen.push(debounced);
        return debounced;
      },
      { initialProps: { value: 'Q' } },
    );
    for (const value of ['QQ', 'QQQ']) {
      act(() => vi.advanceTimersByTime(299));
      rerender({ value });
    }
    act(() => vi.advanceTimersByTime(300));
    expect(seen).toEqual(['Q', 'QQQ']);
  });
});
