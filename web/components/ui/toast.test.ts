// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { dismissToast, toast, useToasts } from './toast';
import { TOAST_SHOWN_EVENT } from './toast-signal';

describe('toast store', () => {
  it('keeps one toast at a time, the newest', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Please Login First', description: 'Please login to add items to cart', variant: 'destructive' });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: 'Please Login First', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast', () => {
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Saved' }).id;
    });
    act(() => dismissToast(id));
    expect(result.current.find((t) => t.id === id)?.open).toBe(false);
  });

  it('tells the page a toast was shown, so the toast view can load at once', () => {
    const shown = vi.fn();
    window.addEventListener(TOAST_SHOWN_EVENT, shown);
    act(() => {
      toast({ title: 'Added to cart' });
    });
    window.removeEventListener(TOAST_SHOWN_EVENT, shown);
    expect(shown).toHaveBeenCalledTimes(1);
  });
});
