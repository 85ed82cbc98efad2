// Natural file-name order: digit runs compare by numeric value, so `fx_2` sorts before `fx_10`.

const CHUNK = /(\d+)|(\D+)/g;

function chunks(text: string): string[] {
  return text.match(CHUNK) ?? [];
}

/**
 * Compares two names naturally: runs of digits by value (then by length, so `01` after `1`),
 * other runs case-insensitively, then the raw strings as a final tie-break (total order).
 */
export function naturalCompare(a: string, b: string): number {
  const ca = chunks(a);
  const cb = chunks(b);
  const n = Math.min(ca.length, cb.length);
  for (let i = 0; i < n; i++) {
    const x = ca[i];
    const y = cb[i];
    const xDigit = x.charCodeAt(0) >= 48 && x.charCodeAt(0) <= 57;
    const yDigit = y.charCodeAt(0) >= 48 && y.charCodeAt(0) <= 57;
    if (xDigit && yDigit) {
      const xs = x.replace(/^0+(?=\d)/, '');
      const ys = y.replace(/^0+(?=\d)/, '');
      if (xs.length !== ys.length) return xs.length - ys.length;
      if (xs !== ys) return xs < ys ? -1 : 1;
      if (x.length !== y.length) return x.length - y.length;
    } else if (xDigit !== yDigit) {
      return xDigit ? -1 : 1;
    } else {
      const xl = x.toLowerCase();
      const yl = y.toLowerCase();
      if (xl !== yl) return xl < yl ? -1 : 1;
    }
  }
  if (ca.length !== cb.length) return ca.length - cb.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sorted copy of `items` in natural order of `key(item)`. */
export function naturalSort<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((p, q) => naturalCompare(key(p), key(q)));
}
