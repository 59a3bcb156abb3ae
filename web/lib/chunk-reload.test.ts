// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test starts from a fresh page: the module remembers a reload under way.
async function freshModule() {
  vi.resetModules();
  return import('./chunk-reload');
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('isChunkLoadError', () => {
  it('knows the failed dynamic import of each browser and Vite', async () => {
    const { isChunkLoadError } = await freshModule();
    for (const message of [
      'Failed to fetch dynamically imported module: http://127.0.0.1/assets/cart-page-abc.js',
      'error loading dynamically imported module: http://127.0.0.1/assets/cart-page-abc.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/cart-page-abc.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
    for (const other of [new Error('500: {"message":"Internal Server Error"}'), new TypeError('x is undefined'), 'Failed to fetch dynamically imported module', null]) {
      expect(isChunkLoadError(other), String(other)).toBe(false);
    }
  });
});

describe('reloadForNewCode', () => {
  it('reloads once, and within a minute of that reload leaves the failure to be shown', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z'), toFake: ['Date'] });
    const reload = vi.fn();
    let chunks = await freshModule();
    expect(chunks.reloadForNewCode(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // A second failure before the page has gone: the reload is under way.
    expect(chunks.reloadForNewCode(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page fails again: no second reload, so it can never loop.
    chunks = await freshModule();
    vi.setSystemTime(new Date('2025-03-01T10:00:05Z'));
    expect(chunks.reloadForNewCode(reload)).toBe(false);
    vi.setSystemTime(new Date('2025-03-01T10:00:59Z'));
    expect(chunks.reloadForNewCode(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // A later deploy, long after: one reload again.
    chunks = await freshModule();
    vi.setSystemTime(new Date('2025-03-01T10:05:00Z'));
    expect(chunks.reloadForNewCode(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps the guard when the clock is set back', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z'), toFake: ['Date'] });
    sessionStorage.setItem('chunkReloadAt', String(Date.parse('2025-03-01T10:00:30Z')));
    const reload = vi.fn();
    const { reloadForNewCode } = await freshModule();
    expect(reloadForNewCode(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload while the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    const { reloadForNewCode } = await freshModule();
    expect(reloadForNewCode(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('chunkReloadAt')).toBeNull();
  });

  it('does not reload without sessionStorage to keep the guard in', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const reload = vi.fn();
    const { reloadForNewCode } = await freshModule();
    expect(reloadForNewCode(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
