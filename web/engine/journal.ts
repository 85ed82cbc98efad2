// The crash-replay journal of the facade: everything the page gave the Editor that a fresh Editor
// needs again after a wasm crash (scene, bone tracks, user images, view, grid, background, size,
// time), recorded as it is given and replayed in a fixed order onto the new Editor. Parts the
// journal does not hold (MS3D models, skeleton clips) come back through `Engine.onRebuild`.

import { isWasmTrap } from './crash';
import type { WasmEditor } from './wasm-api';

/** Straight-alpha RGBA8 pixels of an image given to the Editor. */
export interface ImagePixels {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** What the Editor was given (see the file comment). */
export class EditorJournal {
  /** The last scene the Editor accepted (null: none, or it was dropped after a crash). */
  sceneJson: string | null = null;
  /** The bone tracks the Editor follows (`''`: none). */
  followJson = '';
  /** User images by scene path. */
  readonly images = new Map<string, ImagePixels>();
  /** Scene pixel at the canvas centre, and zoom. */
  view: [number, number, number] = [0, 0, 1];
  grid = true;
  /** Collider and path outlines drawn (off while the compare view measures the preview). */
  objectOutlines = true;
  background = '#202028';
  /** CSS width, height and device pixel ratio (null before the first resize). */
  size: [number, number, number] | null = null;
  /** Timeline time last set or reached, seconds. */
  timeSecs = 0;

  /**
   * Gives a fresh Editor everything recorded: size, view, grid, outlines, background, images, bone tracks
   * (before the scene, so its followers are born on their bones), the scene when `withScene` (a
   * scene the new Editor refuses is dropped; a trap propagates), and the time.
   */
  replay(editor: WasmEditor, withScene: boolean): void {
    if (this.size !== null) editor.resize(...this.size);
    editor.setView(...this.view);
    editor.setGrid(this.grid);
    editor.setObjectOutlines(this.objectOutlines);
    editor.setBackground(this.background);
    for (const [path, img] of this.images) editor.addImage(path, img.width, img.height, img.rgba);
    if (this.followJson !== '') editor.setFollowTracks(this.followJson);
    if (withScene && this.sceneJson !== null) {
      try {
        editor.setScene(this.sceneJson);
      } catch (e) {
        if (isWasmTrap(e)) throw e;
        this.sceneJson = null;
      }
    }
    editor.setTime(this.timeSecs);
  }
}
