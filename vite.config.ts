import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The product: the editor page (index.html) only. Relative asset URLs (`base: './'`) so dist/
// works from any sub-path. The test build (tests/site/vite.config.ts → dist-test/) extends this
// configuration with the test seam and the benchmark pages; neither ships in dist/.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
    // The wasm glue and module stay separate files: the engine facade re-imports the glue under
    // a new URL to get a fresh instance after a crash, which a data: URL cannot do.
    assetsInlineLimit: (file: string) => (/sp_wasm(_bg)?\.(js|wasm)$/.test(file) ? false : undefined),
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
      },
    },
  },
  server: { fs: { strict: true } },
});
