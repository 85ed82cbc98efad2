// Converts a baked animation (bake.ts) into the renderer's vertex-clip arrays
// (crates/sp-wasm/src/clips_api.rs `addVertexClip`, layout in crates/sp-render/src/clips.rs).
// Pure; runs in Node tests and the browser.
//
// Coordinates: the bake is skeleton space, y up; the renderer's clips are scene pixels, y down,
// so every position is written as (x, −y, 0) and instances are placed with a positive scale.
//
// Layout: the bake's topologies pass through unchanged: shared UVs and indices, each topology a
// run of both (indices relative to the topology's first vertex), and every frame carries only
// its own topology's positions. Each frame names its topology and its own run of draw ranges
// (index range, page image, blend mode, light colour with alpha, tint-black dark colour), so
// animated colours, alpha, dark colours, blend modes, visibility and draw order all play.
// Frames whose draws are identical share one run (a skeleton with static colours stores one run
// per topology). The renderer blends frame i into i+1 only when both have the same topology;
// across a change it shows frame i unblended (crates/sp-render/src/clip_draw.rs).

import type { BakedAnimation, BlendName } from './bake';
import { editorY } from './axes';

/** `texture` of a draw without an image (the renderer draws a flat colour). */
export const NO_TEXTURE = 0xffffffff;

const BLEND_CODES: Record<BlendName, number> = { normal: 0, additive: 1, multiply: 2, screen: 3 };

/** Values per entry of the arrays (see {@link VertexClipArrays}). */
export const PER_TOPOLOGY = 4;
export const PER_FRAME = 3;
export const PER_DRAW = 4;
export const PER_DRAW_COLOR = 7;

/** The arrays of one `addVertexClip` call. */
export interface VertexClipArrays {
  fps: number;
  /** u, v per vertex of every topology. */
  uvs: Float32Array;
  /** Triangles of every topology, relative to the topology's first vertex. */
  indices: Uint32Array;
  /** Per topology: firstVertex, vertexCount, firstIndex, indexCount. */
  topologyRanges: Uint32Array;
  /** Per frame: topology, firstDraw, drawCount. */
  frames: Uint32Array;
  /** x, y (down), z = 0 per vertex of the frame's topology, frame after frame. */
  positions: Float32Array;
  /** Per draw: indexStart (absolute), indexCount, texture (index in `textures` or NO_TEXTURE), blend (0 normal, 1 additive, 2 multiply, 3 screen). */
  draws: Uint32Array;
  /** Per draw: light r, g, b, a (straight alpha), dark r, g, b (0 = none). */
  drawColors: Float32Array;
  /** Image paths the draws name. */
  textures: string[];
  frameCount: number;
  /** Vertices of the largest frame. */
  vertexCount: number;
  /** Distinct layouts (visible attachments, draw order) of the bake. */
  topologies: number;
  /** What the conversion could not keep, in English, for reports (empty when nothing was lost). */
  limits: string[];
  /** The same as data, for the panel to word in the UI language (same order). */
  limitDetails: ClipLimit[];
}

/**
 * Something a clip could not keep from its bake, as data for the panel to word in the UI
 * language: the attachments on atlas page `page`, which has no image, are drawn as flat colour.
 */
export interface ClipLimit {
  /** What was lost (the only kind today: a page without an image). */
  kind: 'pageWithoutImage';
  /** The page's name as the atlas writes it. */
  page: string;
}

/** `optionsJson` of `addVertexClip` for these arrays. */
export function clipOptionsJson(arrays: VertexClipArrays, trilinear = false): string {
  return JSON.stringify({ textures: arrays.textures, quantize: false, lit: false, trilinear });
}

/**
 * Converts `baked` (see the file comment). `pagePath(i)` is the image path registered for page
 * `i`, or null when that page has no image (its draws then use a flat colour).
 */
export function toVertexClip(baked: BakedAnimation, pagePath: (page: number) => string | null): VertexClipArrays {
  const topos = baked.topologies;
  const frameCount = baked.frames.length;
  if (frameCount === 0 || topos.length === 0) throw new Error(`animation "${baked.animation}": the bake has no frames`);
  if (topos.every((t) => t.indexCount === 0)) throw new Error(`animation "${baked.animation}": nothing is visible (no region or mesh attachment drawn)`);

  const topologyRanges = new Uint32Array(topos.length * PER_TOPOLOGY);
  topos.forEach((t, i) => topologyRanges.set([t.firstVertex, t.vertexCount, t.firstIndex, t.indexCount], i * PER_TOPOLOGY));

  const textures: string[] = [];
  const textureOf = new Map<number, number>();
  const missingPages = new Set<number>();
  const texture = (page: number): number => {
    const known = textureOf.get(page);
    if (known !== undefined) return known;
    const path = pagePath(page);
    let code = NO_TEXTURE;
    if (path === null) missingPages.add(page);
    else {
      code = textures.length;
      textures.push(path);
    }
    textureOf.set(page, code);
    return code;
  };

  // Draw runs, shared by frames with identical draws.
  const drawInts: number[] = [];
  const drawColors: number[] = [];
  const runOf = new Map<string, number>();
  const frames = new Uint32Array(frameCount * PER_FRAME);
  let positionFloats = 0;
  for (const f of baked.frames) positionFloats += topos[f.topology].vertexCount * 3;
  const positions = new Float32Array(positionFloats);
  let at = 0;
  let vertexCount = 0;
  baked.frames.forEach((frame, f) => {
    const ints: number[] = [];
    const colors: number[] = [];
    for (const d of frame.draws) {
      if (d.indexCount === 0) continue;
      ints.push(d.firstIndex, d.indexCount, texture(d.page), BLEND_CODES[d.blend]);
      colors.push(...d.color, ...(d.dark ?? [0, 0, 0]));
    }
    const key = `${ints.join(',')}|${colors.join(',')}`;
    let first = runOf.get(key);
    if (first === undefined) {
      first = drawInts.length / PER_DRAW;
      runOf.set(key, first);
      drawInts.push(...ints);
      drawColors.push(...colors);
    }
    frames.set([frame.topology, first, ints.length / PER_DRAW], f * PER_FRAME);

    const n = topos[frame.topology].vertexCount;
    vertexCount = Math.max(vertexCount, n);
    const p = frame.positions;
    for (let v = 0; v < n; v++) {
      positions[at++] = p[v * 2];
      positions[at++] = editorY(p[v * 2 + 1]);
      positions[at++] = 0;
    }
  });

  const limitDetails: ClipLimit[] = [...missingPages]
    .map((p): ClipLimit => ({ kind: 'pageWithoutImage', page: baked.pages[p]?.name ?? String(p) }))
    .sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
  const limits = limitDetails.map((l) => `atlas page "${l.page}" has no image: its attachments are drawn as flat colour`);
  return {
    fps: baked.fps,
    uvs: baked.uvs,
    indices: baked.indices,
    topologyRanges,
    frames,
    positions,
    draws: Uint32Array.from(drawInts),
    drawColors: Float32Array.from(drawColors),
    textures,
    frameCount,
    vertexCount,
    topologies: topos.length,
    limits,
    limitDetails,
  };
}

/** Numbers per instance of `setClipInstanceArray` (crates/sp-wasm/src/clip_arrays.rs). */
export const PER_INSTANCE = 13;

/** One clip instance for {@link writeInstances} (absent fields take `setClipInstances`' defaults). */
export interface ClipInstanceValues {
  clip: number;
  timeSecs: number;
  loop: boolean;
  x: number;
  y: number;
  rotationDeg?: number;
  scaleX?: number;
  scaleY?: number;
  depth?: number;
  /** Straight-alpha RGBA, default white. */
  tint?: readonly [number, number, number, number];
}

/**
 * Writes instance `i` into `out` at `i * PER_INSTANCE` in the order `setClipInstanceArray`
 * reads: clip, timeSecs, loop (0|1), x, y, rotationDeg, scaleX, scaleY, depth, r, g, b, a.
 */
export function writeInstance(out: Float64Array, i: number, v: ClipInstanceValues): void {
  const o = i * PER_INSTANCE;
  const tint = v.tint ?? [1, 1, 1, 1];
  out[o] = v.clip;
  out[o + 1] = v.timeSecs;
  out[o + 2] = v.loop ? 1 : 0;
  out[o + 3] = v.x;
  out[o + 4] = v.y;
  out[o + 5] = v.rotationDeg ?? 0;
  out[o + 6] = v.scaleX ?? 1;
  out[o + 7] = v.scaleY ?? 1;
  out[o + 8] = v.depth ?? 0;
  out.set(tint, o + 9);
}

/** The `setClipInstanceArray` values of `list` (the JSON-free per-frame path). */
export function writeInstances(list: readonly ClipInstanceValues[], out?: Float64Array): Float64Array {
  const values = out !== undefined && out.length === list.length * PER_INSTANCE ? out : new Float64Array(list.length * PER_INSTANCE);
  list.forEach((v, i) => writeInstance(values, i, v));
  return values;
}
