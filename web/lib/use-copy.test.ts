import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { COPY_CONFIRM_MS } from '../../contract/constants';
import { useCopy } from './use-copy';

describe('useCopy', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    vi.useFakeTimers();
    writeText.mockReset();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says copied for the confirmation time after each copy, counted afresh from the last', async () => {
    writeText.mockResolvedValue(undefined);
    const { result } = renderHook(() => useCopy());
    expect(result.current.state).toBe('idle');

    await act(async () => expect(await result.current.copy('A1B2')).toBe(true));
    expect(writeText).toHaveBeenCalledWith('A1B2');
    expect(result.current.state).toBe('copied');

    act(() => vi.advanceTimersByTime(COPY_CONFIRM_MS - 500));
    await act(async () => void (await result.current.copy('A1B2')));
    act(() => vi.advanceTimersByTime(COPY_CONFIRM_MS - 1));
    expect(result.current.state).toBe('copied');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toBe('idle');
  });

  it('says failed when the browser refuses, and stays so', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const { result } = renderHook(() => useCopy());
    await act(async () => expect(await result.current.copy('A1B2')).toBe(false));
    expect(result.current.state).toBe('failed');
    act(() => vi.advanceTimersByTime(COPY_CONFIRM_MS * 2));
    expect(result.current.state).toBe('failed');
  });
});
