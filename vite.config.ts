import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Relative asset URLs (`base: './'`) so dist/ works from any sub-path. Three pages: the editor
// (index.html), the benchmark (web/bench.html) and the skeleton playback benchmark
// (web/bench-skeleton.html).
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
        bench: resolve(import.meta.dirname, 'bench/bench.html'),
        benchSkeleton: resolve(import.meta.dirname, 'bench/bench-skeleton.html'),
      },
    },
  },
  server: { fs: { strict: true } },
});
