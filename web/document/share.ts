// Share URLs: the scene JSON, deflated (fflate, raw deflate) and base64url-encoded into the
// fragment `#scene=…`. Decoding is hostile-input safe: every failure is a ShareError with a
// message, and the decoded size is capped before and during inflation.

import { deflateSync, Inflate } from 'fflate';

/** Fragment key of a shared scene. */
export const SHARE_KEY = 'scene';
/** Largest accepted decoded (inflated) document, bytes. */
export const MAX_DECODED_BYTES = 1 << 20;
/** Largest accepted encoded fragment, characters (a 1 MiB document never deflates past this). */
export const MAX_ENCODED_CHARS = 2 * MAX_DECODED_BYTES;

/** Why a share fragment could not be decoded. */
export type ShareErrorKind = 'tooLarge' | 'badBase64' | 'badDeflate' | 'badText';

/** A share fragment that could not be decoded. */
export class ShareError extends Error {
  /** Machine-readable reason (for i18n). */
  readonly kind: ShareErrorKind;
  constructor(kind: ShareErrorKind, message: string) {
    super(message);
    this.kind = kind;
    this.name = 'ShareError';
  }
}

/** base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes base64url (padding optional); throws ShareError('badBase64') on any other character. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new ShareError('badBase64', 'the shared scene is not valid base64url text');
  }
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  let binary: string;
  try {
    binary = atob(b64);
  } catch {
    throw new ShareError('badBase64', 'the shared scene is not valid base64url text');
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Compresses a scene JSON string into the fragment payload (no `#scene=`). */
export function encodeScenePayload(sceneJson: string): string {
  const bytes = new TextEncoder().encode(sceneJson);
  return toBase64Url(deflateSync(bytes, { level: 9 }));
}

/** Full URL for sharing: `base` without its fragment, plus `#scene=payload`. */
export function shareUrl(base: string, sceneJson: string): string {
  const hashAt = base.indexOf('#');
  const clean = hashAt >= 0 ? base.slice(0, hashAt) : base;
  return `${clean}#${SHARE_KEY}=${encodeScenePayload(sceneJson)}`;
}

/** Inflates raw deflate data, refusing to produce more than `cap` bytes. */
function inflateCapped(data: Uint8Array, cap: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  let over = false;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > cap) {
      over = true;
      throw new ShareError('tooLarge', `the shared scene is larger than ${cap} bytes once decompressed`);
    }
    parts.push(chunk);
    if (final) finished = true;
  });
  try {
    const step = 16384;
    for (let i = 0; i < data.length; i += step) {
      inflater.push(data.subarray(i, i + step), i + step >= data.length);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (e) {
    if (over || e instanceof ShareError) {
      throw new ShareError('tooLarge', `the shared scene is larger than ${cap} bytes once decompressed`);
    }
    throw new ShareError('badDeflate', 'the shared scene is not valid compressed data');
  }
  if (!finished) throw new ShareError('badDeflate', 'the shared scene is truncated compressed data');
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Decodes a fragment payload to the scene JSON text (not yet validated as a document). */
export function decodeScenePayload(payload: string, cap = MAX_DECODED_BYTES): string {
  if (payload.length > MAX_ENCODED_CHARS) {
    throw new ShareError('tooLarge', `the shared scene is larger than ${MAX_ENCODED_CHARS} characters`);
  }
  const bytes = fromBase64Url(payload);
  const raw = inflateCapped(bytes, cap);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new ShareError('badText', 'the shared scene is not UTF-8 text');
  }
}

/** The payload of `#scene=…` in a location hash (with or without `#`), or null when absent. */
export function payloadFromHash(hash: string): string | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of h.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === SHARE_KEY) return part.slice(eq + 1);
  }
  return null;
}
