import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_DECODED_BYTES, ShareError, decodeScenePayload, encodeScenePayload, fromBase64Url, payloadFromHash, shareUrl, toBase64Url } from './share';

function kindOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ShareError) return e.kind;
    throw e;
  }
  return 'ok';
}

describe('share payloads', () => {
  it('round-trips a scene, including non-ASCII and markup-looking names', () => {
    const json = JSON.stringify({ version: 1, systems: [{ name: '火焰 <script>alert(1)</script>' }] });
    const payload = encodeScenePayload(json);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeScenePayload(payload)).toBe(json);
  });

  it('builds and parses the URL fragment', () => {
    const url = shareUrl('https://x.test/app/?renderer=webgl2#old', '{"version":1}');
    expect(url.startsWith('https://x.test/app/?renderer=webgl2#scene=')).toBe(true);
    const payload = payloadFromHash(new URL(url).hash);
    expect(payload).not.toBeNull();
    expect(decodeScenePayload(payload ?? '')).toBe('{"version":1}');
    expect(payloadFromHash('#foo=1&scene=abc')).toBe('abc');
    expect(payloadFromHash('#nothing')).toBeNull();
    expect(payloadFromHash('')).toBeNull();
  });

  it('base64url round-trips every byte value', () => {
    const bytes = new Uint8Array(256).map((_, i) => i);
    expect(Array.from(fromBase64Url(toBase64Url(bytes)))).toEqual(Array.from(bytes));
  });

  it('refuses bad base64', () => {
    expect(kindOf(() => decodeScenePayload('abc$def'))).toBe('badBase64');
    expect(kindOf(() => decodeScenePayload('a'))).toBe('badBase64');
    expect(kindOf(() => decodeScenePayload('<script>'))).toBe('badBase64');
  });

  it('refuses bad deflate data', () => {
    expect(kindOf(() => decodeScenePayload(toBase64Url(new TextEncoder().encode('this is not deflate data at all'))))).toBe('badDeflate');
    const good = deflateSync(new TextEncoder().encode('{"version":1,"systems":[]}'));
    expect(kindOf(() => decodeScenePayload(toBase64Url(good.subarray(0, good.length - 4))))).toBe('badDeflate');
  });

  it('refuses a payload that inflates past 1 MiB (a deflate bomb) without inflating it all', () => {
    const bomb = deflateSync(new Uint8Array(MAX_DECODED_BYTES * 8).fill(32));
    expect(bomb.length).toBeLessThan(20000);
    expect(kindOf(() => decodeScenePayload(toBase64Url(bomb)))).toBe('tooLarge');
    const justUnder = deflateSync(new Uint8Array(MAX_DECODED_BYTES).fill(32));
    expect(decodeScenePayload(toBase64Url(justUnder)).length).toBe(MAX_DECODED_BYTES);
  });

  it('refuses an over-long encoded payload before decoding', () => {
    expect(kindOf(() => decodeScenePayload('A'.repeat(3 * MAX_DECODED_BYTES)))).toBe('tooLarge');
  });

  it('refuses invalid UTF-8', () => {
    const raw = deflateSync(new Uint8Array([0xff, 0xfe, 0x7b]));
    expect(kindOf(() => decodeScenePayload(toBase64Url(raw)))).toBe('badText');
  });
});
