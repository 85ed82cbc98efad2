// The static server of the benchmark runners (bench.mjs, bench-export.mjs, bench-skeleton.mjs,
// bench-ms3d.mjs): serves the built site `dist` on a free loopback port; a path outside it, or a
// missing file, is a 404. `headers` are added to every answer (e.g. cross-origin isolation for
// fine timers).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

/** Starts serving `dist`; resolves to `{ port, close() }`. */
export async function serveDist(dist, headers = {}) {
  const server = createServer((req, res) => {
    const file = normalize(join(dist, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', ...headers });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { port: server.address().port, close: () => server.close() };
}
