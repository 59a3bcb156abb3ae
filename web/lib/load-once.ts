/**
 * Code loaded on demand, once: `load()` starts the download (or joins the one under way), `loaded()`
 * answers the result synchronously once it has arrived, and a failed download is tried afresh on
 * the next `load()`.
 */
export function loadOnce<T>(download: () => Promise<T>): { load(): Promise<T>; loaded(): T | null } {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    load() {
      pending ??= download().then(
        (result) => {
          value = result;
          return result;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}
