/**
 * React 19 has useSyncExternalStore built in; the router's compatibility shim for older React versions is
 * replaced by it at build time (vite.config.ts), which keeps the shim's code out of the first download.
 */
export { useSyncExternalStore } from 'react';
