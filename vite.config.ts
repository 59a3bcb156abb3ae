import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The modules only the merchants' and the superadmin's screens use: their features, the photo manager. */
const WORKSPACE_MODULE = /[\\/]web[\\/](features[\\/](admin-[^\\/]+|merchant-[^\\/]+|settlement|redemption)|components[\\/]photo-manager)[\\/]/;

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore built in; the router's shim for older versions is not shipped.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./web/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    // Every browser the app supports has native modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A feature's index.ts (what other features and the app may import of it) only passes on what other modules
      // export. Said to have no side effects, it drops out of the module graph, so each chunk takes exactly the
      // modules it uses, as if it imported them directly: the entry chunk does not take every module an index names.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id) ? false : undefined),
      },
      // Constants shared between modules are written where they are used.
      optimization: { inlineConst: true },
      output: {
        codeSplitting: {
          // Everything the first page needs (the libraries and the app frame) in one chunk: separate chunks for
          // React, the query library and the API client cost more in the first download, in their glue and in
          // compression that restarts with each file. Lazily loaded screens import what they share from it.
          // The small app modules that three or more of those screens share (money, dates, toasts, badges, the deal
          // image...) go together in one chunk rather than a dozen tiny files, each a request of its own. The
          // merchants' and the superadmin's modules are left out of it, so that a shopper's page does not download
          // them and each workspace screen takes only those it uses.
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'shared', test: (id: string) => /[\\/]web[\\/]/.test(id) && !WORKSPACE_MODULE.test(id), minShareCount: 3, maxModuleSize: 1500 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
