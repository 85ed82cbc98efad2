// The one Spine → editor axis flip of the TS side, the mirror of sp_spine::coords
// (`SpinePose::from_editor`: Spine y = −editor y, Spine rotation = −editor rotation). Spine's
// axes are y up, counter-clockwise; the editor's are y down, clockwise; x is the same. A plain
// function (not a wasm call): it runs per vertex of every baked skeleton frame.

/** Editor (scene) y of a Spine y. */
export function editorY(spineY: number): number {
  return -spineY;
}

/** Writes Spine world corners `[x0, y0, x1, y1, …]` as editor corners into `out` (same length). */
export function editorPoints(spine: ArrayLike<number>, out: number[]): number[] {
  for (let i = 0; i + 1 < spine.length; i += 2) {
    out[i] = spine[i];
    out[i + 1] = editorY(spine[i + 1]);
  }
  return out;
}
