// Extension points for modules that plug into the page without editing it. The Spine export
// module (web/export/, owned by the export helper) registers its handler here; main.ts loads
// every web/export/*.ts module eagerly, and the `导出Spine Json` button (#export-button) calls
// the registered handler with this context.

import type { Engine } from '../engine/engine';
import type { DocumentStore } from '../document/store';
import type { ImageAsset } from '../document/types';
import type { MessageKind } from './context';

/** What an export handler receives. */
export interface ExportContext {
  /** The document store: `store.json` is the normalised scene, `store.doc` its object. */
  store: DocumentStore;
  /** The wasm facade (`engine.exportSpine(sceneJson, imagesJson)`). */
  engine: Engine;
  /** Shows a message (plain text). */
  message(kind: MessageKind, text: string): void;
  /** Images of the scene the page holds pixels for, with sizes. */
  loadedImages(): ImageAsset[];
  /** Pixels of a loaded image (straight-alpha RGBA8), e.g. to pack an atlas or a zip. */
  imagePixels(path: string): { width: number; height: number; rgba: Uint8Array } | null;
}

/** Handles a click on the export button. */
export type ExportHandler = (ctx: ExportContext) => void | Promise<void>;

let exportHandler: ExportHandler | null = null;

/** Registers the export handler (the last registration wins). */
export function setExportHandler(handler: ExportHandler): void {
  exportHandler = handler;
}

/** The registered export handler, if any. */
export function getExportHandler(): ExportHandler | null {
  return exportHandler;
}
