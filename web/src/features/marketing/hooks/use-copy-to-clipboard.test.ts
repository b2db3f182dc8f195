import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCopyToClipboard } from './use-copy-to-clipboard';

describe('useCopyToClipboard', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says copied for exactly the given time', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { result } = renderHook(() => useCopyToClipboard(2000));
    await act(() => result.current.copy('SCAN40'));
    expect(writeText).toHaveBeenCalledWith('SCAN40');
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it('reports a refused clipboard without claiming success', async () => {
    vi.stubGlobal('navigator', {
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    const { result } = renderHook(() => useCopyToClipboard(2000));
    let ok = true;
    await act(async () => {
      ok = await result.current.copy('SCAN40');
    });
    expect(ok).toBe(false);
    expect(result.current.copied).toBe(false);
  });
});
