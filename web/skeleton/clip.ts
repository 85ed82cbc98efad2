// Converts a baked animation (bake.ts) into the renderer's vertex-clip arrays
// (crates/sp-wasm/src/clips_api.rs `addVertexClip`). Pure; runs in Node tests and the browser.
//
// Coordinates: the bake is skeleton space, y up; the renderer's clips are scene pixels, y down,
// so every position is written as (x, −y, 0) and instances are placed with a positive scale.
//
// Layouts: the renderer's clips share ONE index and UV buffer across all frames (no per-frame
// index ranges). When the bake has several topologies (attachments shown/hidden, draw order or
// sequence frames changing), the clip holds the union of all topologies' vertices and triangles:
// in each frame the vertices of the frame's own topology carry its positions and every other
// topology's vertices are collapsed onto one point (its first vertex in the nearest frame where it
// is shown), so its triangles have zero area and draw nothing. Cost: vertices per frame = sum of
// the topologies' vertices. The GPU blends frame i into i+1; across a layout change that blend
// would shrink the old layout towards its point while the new one grows, so `stepAfter[i]` marks
// those intervals and the player (play.ts, `displayTime`) shows frame i unblended there (stepped
// playback at the bake rate); intervals within one layout stay interpolated.
//
// Limits of the shared draw ranges (static per clip): each topology's draws (page, colour) are
// those of the first frame using it, so animated slot colours/alpha are not played; blend modes
// other than normal are drawn as normal (the clip renderer has one blend state) and reported in
// `limits`; tint-black dark colours are ignored.

import type { BakedAnimation } from './bake';

/** A draw range as `addVertexClip`'s `drawsJson` takes it. */
export interface ClipDraw {
  indexStart: number;
  indexCount: number;
  /** Image path of the page (as registered with `addImage`), or null for a flat colour. */
  texture: string | null;
  color: [number, number, number, number];
}

/** The arrays of one `addVertexClip` call. */
export interface VertexClipArrays {
  fps: number;
  indices: Uint32Array;
  uvs: Float32Array;
  /** x, y (down), z = 0 per vertex, frame after frame. */
  frames: Float32Array;
  draws: ClipDraw[];
  vertexCount: number;
  frameCount: number;
  /** `stepAfter[i]` = 1 when frames i and i+1 (the last: and frame 0) differ in layout. */
  stepAfter: Uint8Array;
  /** Layouts merged (1 = the bake had a single topology). */
  topologies: number;
  /** What the conversion could not keep, for the panel (empty when nothing was lost). */
  limits: string[];
}

/**
 * Converts `baked` (see the file comment). `pagePath(i)` is the image path registered for page
 * `i`, or null when that page has no image (its draws then use a flat colour).
 */
export function toVertexClip(baked: BakedAnimation, pagePath: (page: number) => string | null): VertexClipArrays {
  const topos = baked.topologies;
  const frameCount = baked.frames.length;
  if (frameCount === 0 || topos.length === 0) throw new Error(`animation "${baked.animation}": the bake has no frames`);
  // Union layout: topology t's vertices start at base[t].
  const base: number[] = [];
  let vertexCount = 0;
  for (const t of topos) {
    base.push(vertexCount);
    vertexCount += t.vertexCount;
  }
  if (vertexCount === 0) throw new Error(`animation "${baked.animation}": nothing is visible (no region or mesh attachment drawn)`);
  const uvs = new Float32Array(vertexCount * 2);
  for (let t = 0; t < topos.length; t++) {
    uvs.set(baked.uvs.subarray(topos[t].firstVertex * 2, (topos[t].firstVertex + topos[t].vertexCount) * 2), base[t] * 2);
  }
  let indexTotal = 0;
  for (const t of topos) indexTotal += t.indexCount;
  if (indexTotal === 0) throw new Error(`animation "${baked.animation}": nothing is visible (no triangle drawn)`);
  const indices = new Uint32Array(indexTotal);
  const indexBase: number[] = [];
  let at = 0;
  for (let t = 0; t < topos.length; t++) {
    indexBase.push(at);
    const { firstIndex, indexCount } = topos[t];
    for (let i = 0; i < indexCount; i++) indices[at + i] = baked.indices[firstIndex + i] + base[t];
    at += indexCount;
  }

  // Draws: from the first frame of each topology, in topology order.
  const draws: ClipDraw[] = [];
  const limits = new Set<string>();
  const seen = new Set<number>();
  const colorsOf = new Map<number, string>();
  for (const frame of baked.frames) {
    const t = frame.topology;
    const key = frame.draws.map((d) => d.color.join(',')).join(';');
    if (seen.has(t)) {
      if (colorsOf.get(t) !== key) limits.add('animated slot colours are not played (the clip draws have one colour each)');
      continue;
    }
    seen.add(t);
    colorsOf.set(t, key);
    for (const d of frame.draws) {
      if (d.blend !== 'normal') limits.add(`${d.blend} blending is drawn as normal (the clip renderer has one blend state)`);
      if (d.dark !== null) limits.add('tint-black dark colours are ignored');
      const path = pagePath(d.page);
      draws.push({ indexStart: d.firstIndex - topos[t].firstIndex + indexBase[t], indexCount: d.indexCount, texture: path, color: [...d.color] });
    }
  }
  for (let p = 0; p < baked.pages.length; p++) {
    if (pagePath(p) === null && draws.some((d) => d.texture === null)) limits.add(`atlas page "${baked.pages[p].name}" has no image: its attachments are drawn as flat colour`);
  }

  // Nearest frame showing each topology, for collapsing it while hidden.
  const nearest: Int32Array[] = topos.map(() => new Int32Array(frameCount).fill(-1));
  for (let t = 0; t < topos.length; t++) {
    let last = -1;
    for (let f = 0; f < frameCount; f++) {
      if (baked.frames[f].topology === t) last = f;
      nearest[t][f] = last;
    }
    let next = -1;
    for (let f = frameCount - 1; f >= 0; f--) {
      if (baked.frames[f].topology === t) next = f;
      const prev = nearest[t][f];
      if (prev < 0 || (next >= 0 && next - f < f - prev)) nearest[t][f] = next;
    }
  }

  const frames = new Float32Array(frameCount * vertexCount * 3);
  for (let f = 0; f < frameCount; f++) {
    const out = f * vertexCount * 3;
    for (let t = 0; t < topos.length; t++) {
      const shown = baked.frames[f].topology === t;
      const src = baked.frames[shown ? f : nearest[t][f]].positions;
      const px = src[0] ?? 0;
      const py = src[1] ?? 0;
      for (let v = 0; v < topos[t].vertexCount; v++) {
        const o = out + (base[t] + v) * 3;
        frames[o] = shown ? src[v * 2] : px;
        frames[o + 1] = -(shown ? src[v * 2 + 1] : py);
        frames[o + 2] = 0;
      }
    }
  }
  const stepAfter = new Uint8Array(frameCount);
  for (let f = 0; f < frameCount; f++) stepAfter[f] = baked.frames[f].topology === baked.frames[(f + 1) % frameCount].topology ? 0 : 1;
  // Empty topologies (nothing drawn in some frames) contribute no draws; drop zero-length draws.
  return { fps: baked.fps, indices, uvs, frames, draws: draws.filter((d) => d.indexCount > 0), vertexCount, frameCount, stepAfter, topologies: topos.length, limits: [...limits].sort() };
}
