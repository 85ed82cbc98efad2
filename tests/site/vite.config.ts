// The test build of the site (`dist-test/`, never deployed): the editor page with its entry
// replaced by tests/site/start.ts (the same composition plus the test seam), and the benchmark
// pages of bench/. Everything else is the production configuration (vite.config.ts).
//
//   node node_modules/vite/bin/vite.js build -c tests/site/vite.config.ts   (part of `npm run build`)

import { resolve } from 'node:path';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import production from '../../vite.config.ts';

const root = resolve(import.meta.dirname, '../..');

/** index.html loads the test entry instead of the page's own. */
const testEntry: Plugin = {
  name: 'spineparticle-test-entry',
  transformIndexHtml: {
    order: 'pre',
    handler(html, ctx) {
      if (ctx.filename !== resolve(root, 'index.html')) return html;
      if (!html.includes('src="./web/start.ts"')) throw new Error('index.html no longer loads ./web/start.ts');
      return html.replace('src="./web/start.ts"', 'src="./tests/site/start.ts"');
    },
  },
};

export default mergeConfig(
  production,
  defineConfig({
    root,
    plugins: [testEntry],
    build: {
      outDir: resolve(root, 'dist-test'),
      rollupOptions: {
        input: {
          bench: resolve(root, 'bench/bench.html'),
          benchSkeleton: resolve(root, 'bench/bench-skeleton.html'),
          benchMs3d: resolve(root, 'bench/bench-ms3d.html'),
        },
      },
    },
  }),
);
