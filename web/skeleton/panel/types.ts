// The wasm functions the skeleton panel needs (crates/sp-wasm/src/skel.rs); the JSON shapes they
// return are the generated contract's (sp_skel::SkeletonInfo and sp_skel::RepairReport).

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

export type { Change as SkelChange, Defect as SkelDefect, RepairReport, SkeletonInfo } from '../../generated/contract';
