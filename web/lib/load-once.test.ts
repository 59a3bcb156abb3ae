import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('downloads once, answers the result synchronously afterwards, and tries again after a failure', async () => {
    const download = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const code = loadOnce(download);
    expect(code.loaded()).toBeNull();
    await expect(code.load()).rejects.toThrow('offline');
    expect(code.loaded()).toBeNull();
    const [a, b] = await Promise.all([code.load(), code.load()]);
    expect([a, b]).toEqual(['module', 'module']);
    expect(code.loaded()).toBe('module');
    await code.load();
    expect(download).toHaveBeenCalledTimes(2);
  });
});
