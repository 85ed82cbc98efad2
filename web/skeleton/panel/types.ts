// The wasm functions the skeleton panel needs (crates/sp-wasm/src/skel.rs), and the JSON shapes
// they return (sp_skel::SkeletonInfo and sp_skel::RepairReport, serde camelCase).

/** `skelRepair`'s result object (wasm-bindgen class `SkelRepairResult`). */
export interface SkelRepairResult {
  /** The repaired skeleton file. */
  skeleton(): Uint8Array;
  /** The atlas to write with it (when an atlas was given). */
  atlas(): Uint8Array | undefined;
  /** Whether that atlas differs from the one given. */
  atlasChanged(): boolean;
  /** `RepairReport` as JSON. */
  reportJson(): string;
  /** Frees the wasm-side object (wasm-bindgen classes have it). */
  free?(): void;
}

/**
 * What the panel calls; pass the wasm module's `skelInfo` and `skelRepair` (bound or as is:
 * they are free functions). `atlas` and `legacyCharset` are `undefined` when absent.
 */
export interface SkelWasm {
  /** JSON of {@link SkeletonInfo}; throws an Error with the reader's message. */
  skelInfo(bytes: Uint8Array, atlas: Uint8Array | undefined, legacyCharset: string | undefined): string;
  /** Repairs; throws an Error with the reader's message. */
  skelRepair(bytes: Uint8Array, atlas: Uint8Array | undefined, legacyCharset: string | undefined): SkelRepairResult;
}

/** A defect: kind, where (`index` for binary string tables, `path` for JSON) and the name. */
export interface SkelDefect {
  kind: 'trailing_whitespace' | 'charset_mismatch' | 'runtime_decoding';
  index?: number;
  path?: string;
  value: string | null;
}

/** `spineparticle skel info --json`. */
export interface SkeletonInfo {
  format: 'json' | 'binary';
  version: string | null;
  hash: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  referenceScale: number | null;
  nonessential: boolean | null;
  fps: number;
  images: string | null;
  audio: string | null;
  strings: (string | null)[] | null;
  headerSize: number | null;
  defects: SkelDefect[];
  /** What the reader tolerated (a header field of the wrong type); absent when none. */
  warnings?: string[];
}

/** One change of a repair. */
export interface SkelChange {
  index?: number;
  path?: string;
  before: string | null;
  after: string | null;
  kinds: string[];
  reason: string;
}

/** The repair report (the fields the panel shows; the download has all of them). */
export interface RepairReport {
  format: 'json' | 'binary';
  version: string | null;
  charsetFix: string;
  changes: SkelChange[];
  unresolved: { index?: number; path?: string; value: string | null; kinds: string[]; reason: string }[];
  atlas: { encoding: string; changed: boolean; writtenEncoding: string; regions: number } | null;
}
