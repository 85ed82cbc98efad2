// Browser downloads (the export, the scene file, a repaired skeleton and its report): a hidden
// link to an object URL, clicked once; the URL is released a minute later.

import { h } from './dom';

/** How long an object URL stays valid after its download started, ms. */
const RELEASE_AFTER_MS = 60_000;

/** Starts a browser download of `data` as `name`. */
export function downloadFile(name: string, data: string | Uint8Array, type: string): void {
  const blob = new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}
