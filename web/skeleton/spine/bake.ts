// Bakes one animation of a Spine 4.2 skeleton into vertex frames for VBO-switching playback
// (the same playback as baked MS3D models): spine-core 4.2.119 poses the skeleton at each
// sample time and every visible region and mesh (clipped like spine-core's renderers clip) is
// written out in draw order. Pure TypeScript; runs in Node tests and in the browser.
//
// Sampling: frameCount = stepsCovering(durationSecs, fps) + 1 — the core's clock
// (sp_sim::time::Timebase::steps_covering, ⌈d·fps − 1e-9⌉, so 1 s × 30 fps gives 31 frames, not
// 32), passed in by the caller (Engine.stepsCovering) so that there is one frame rule; the +1 is
// the endpoint, so both ends of the animation are frames — and frame i is at
// timeSecs = min(i / fps, durationSecs).
// Each frame: setToSetupPose, animation.apply(time, MixBlend.setup), skeleton.update(Δt) and
// updateWorldTransform(Physics.update) — frames are visited in order so physics advances like
// playback from the start.
//
// Layout: positions are per frame (x,y per vertex, skeleton space, y up). UVs (u,v, v down from
// the page's top edge) and triangle indices depend only on which attachments are visible, their
// order, their sequence frame and clipping; each distinct such layout is a topology, stored once.
// When nothing changes across frames there is a single topology: one shared UV array and index
// array. Otherwise each frame names its topology, whose UVs are uvs[firstVertex…] and whose
// indices are indices[firstIndex…] (relative to the frame's own vertex 0). A frame's draws cover
// consecutive index ranges of its topology, one per run of pieces sharing page, blend and colours.

import { MixBlend, MixDirection, Physics, Skeleton, type Event } from '@esotericsoftware/spine-core';
import type { LoadedSkeleton } from './load';
import { DrawWalker, type BlendName } from './walk';

export type { BlendName } from './walk';

/** Default bake rate of a played skeleton, frames per second. */
export const DEFAULT_BAKE_FPS = 30;

/** One draw call of a frame. */
export interface BakedDraw {
  /** Index in {@link BakedAnimation.pages}. */
  page: number;
  /** Blend mode. */
  blend: BlendName;
  /** First index in {@link BakedAnimation.indices} (absolute). */
  firstIndex: number;
  /** Number of indices (a multiple of 3). */
  indexCount: number;
  /** Colour r,g,b,a, 0..1, straight alpha (skeleton × slot × attachment). */
  color: [number, number, number, number];
  /** Tint-black dark colour r,g,b, or null. */
  dark: [number, number, number] | null;
}

/** A distinct vertex layout: where its UVs and indices are. */
export interface BakedTopology {
  /** First vertex of this topology's UVs in {@link BakedAnimation.uvs} (vertex units). */
  firstVertex: number;
  /** Vertices per frame. */
  vertexCount: number;
  /** First index in {@link BakedAnimation.indices}. */
  firstIndex: number;
  /** Number of indices. */
  indexCount: number;
}

/** One sampled frame. */
export interface BakedFrame {
  /** Animation time of the sample, seconds. */
  timeSecs: number;
  /** x,y per vertex, skeleton space, y up (`topology.vertexCount` vertices). */
  positions: Float32Array;
  /** Index in {@link BakedAnimation.topologies}. */
  topology: number;
  /** Draw calls in order. */
  draws: BakedDraw[];
}

/** An atlas page the draws refer to. */
export interface BakedPage {
  name: string;
  width: number;
  height: number;
}

/** A baked animation. */
export interface BakedAnimation {
  animation: string;
  skin: string | null;
  fps: number;
  durationSecs: number;
  pages: BakedPage[];
  /** u,v per vertex of every topology, concatenated. */
  uvs: Float32Array;
  /** Triangle indices of every topology, concatenated; each relative to its frame's vertex 0. */
  indices: Uint32Array;
  topologies: BakedTopology[];
  frames: BakedFrame[];
}

/** Options of {@link bakeAnimation}. */
export interface BakeOptions {
  /** Samples per second (> 0, ≤ 240). */
  fps: number;
  /** Skin name (default: the skeleton's default skin). */
  skin?: string;
  /** Largest number of frames accepted (default 10 000). */
  maxFrames?: number;
  /** The core's frame rule (see {@link StepsCovering}). */
  stepsCovering: StepsCovering;
}

/**
 * The core's frame rule, `sp_sim::time::Timebase::steps_covering` (wasm `Timebase.stepsCovering`,
 * `Engine.stepsCovering`, `stepsCoveringOf(module)`): frame steps at `fps` until the last frame
 * reaches `durationSecs`, `max(0, ⌈d·fps − 1e-9⌉)`. A bake ending at `d` has this + 1 frames.
 */
export type StepsCovering = (durationSecs: number, fps: number) => number;

/** A skeleton posed for an animation and skin (shared with the CPU reference path). */
export function newSkeleton(loaded: LoadedSkeleton, skin?: string): Skeleton {
  const skeleton = new Skeleton(loaded.data);
  if (skin !== undefined) {
    if (loaded.data.findSkin(skin) === null) throw new Error(`skin "${skin}" not found`);
    skeleton.setSkinByName(skin);
  }
  skeleton.setToSetupPose();
  skeleton.updateWorldTransform(Physics.reset);
  return skeleton;
}

/** Collects frames and deduplicates their topologies. */
class TopologyTable {
  readonly list: BakedTopology[] = [];
  private readonly byKey = new Map<string, number[]>();
  private uvs: number[] = [];
  private indices: number[] = [];

  /** Index of the topology with these UVs and indices (added when new). */
  intern(uvs: number[], indices: number[]): number {
    const key = `${uvs.length}:${indices.length}:${hash(uvs, indices)}`;
    const candidates = this.byKey.get(key) ?? [];
    for (const t of candidates) {
      const topo = this.list[t];
      if (sameRange(this.uvs, topo.firstVertex * 2, uvs) && sameRange(this.indices, topo.firstIndex, indices)) return t;
    }
    const topo: BakedTopology = { firstVertex: this.uvs.length / 2, vertexCount: uvs.length / 2, firstIndex: this.indices.length, indexCount: indices.length };
    for (const u of uvs) this.uvs.push(u);
    for (const i of indices) this.indices.push(i);
    this.list.push(topo);
    candidates.push(this.list.length - 1);
    this.byKey.set(key, candidates);
    return this.list.length - 1;
  }

  finish(): { uvs: Float32Array; indices: Uint32Array } {
    return { uvs: Float32Array.from(this.uvs), indices: Uint32Array.from(this.indices) };
  }
}

function sameRange(all: number[], from: number, part: number[]): boolean {
  for (let i = 0; i < part.length; i++) if (all[from + i] !== part[i]) return false;
  return true;
}

/** FNV-1a over the float32 bits of the UVs and the indices. */
function hash(uvs: number[], indices: number[]): number {
  const f = new Float32Array(1);
  const bits = new Uint32Array(f.buffer);
  let h = 0x811c9dc5;
  const mix = (v: number): void => {
    h ^= v;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  for (const u of uvs) {
    f[0] = u;
    mix(bits[0]);
  }
  for (const i of indices) mix(i);
  return h;
}

function sameColor(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Bakes `animation` (see the file comment for sampling and layout). */
export function bakeAnimation(loaded: LoadedSkeleton, animation: string, options: BakeOptions): BakedAnimation {
  const anim = loaded.data.findAnimation(animation);
  if (anim === null) throw new Error(`animation "${animation}" not found`);
  const fps = options.fps;
  if (!(fps > 0 && fps <= 240)) throw new Error(`fps: ${fps} is outside 0 < fps ≤ 240`);
  const frameCount = options.stepsCovering(anim.duration, fps) + 1;
  const maxFrames = options.maxFrames ?? 10_000;
  if (frameCount > maxFrames) {
    throw new Error(`animation "${animation}": ${anim.duration} s at ${fps} fps is ${frameCount} frames, above the limit ${maxFrames}`);
  }
  const skeleton = newSkeleton(loaded, options.skin);
  const pageIndex = new Map(loaded.atlas.pages.map((p, i) => [p, i]));
  const walker = new DrawWalker();
  const table = new TopologyTable();
  const events: Event[] = [];
  const frames: BakedFrame[] = [];
  let previousTime = 0;
  for (let i = 0; i < frameCount; i++) {
    const timeSecs = Math.min(i / fps, anim.duration);
    skeleton.setToSetupPose();
    anim.apply(skeleton, previousTime, timeSecs, false, events, 1, MixBlend.setup, MixDirection.mixIn);
    events.length = 0;
    skeleton.update(timeSecs - previousTime);
    skeleton.updateWorldTransform(i === 0 ? Physics.reset : Physics.update);
    previousTime = timeSecs;

    const positions: number[] = [];
    const uvs: number[] = [];
    const indices: number[] = [];
    const draws: BakedDraw[] = [];
    walker.walk(skeleton, (piece) => {
      const base = positions.length / 2;
      const firstIndex = indices.length;
      for (let v = 0; v < piece.vertexCount * 2; v++) {
        positions.push(piece.positions[v]);
        uvs.push(piece.uvs[v]);
      }
      for (let t = 0; t < piece.indexCount; t++) indices.push(base + piece.triangles[t]);
      const page = pageIndex.get(piece.page) ?? 0;
      const last = draws.at(-1);
      if (last !== undefined && last.page === page && last.blend === piece.blend && sameColor(last.color, piece.color) && sameColor(last.dark, piece.dark)) {
        last.indexCount += piece.indexCount;
      } else {
        draws.push({ page, blend: piece.blend, firstIndex, indexCount: piece.indexCount, color: piece.color, dark: piece.dark });
      }
    });
    const topology = table.intern(uvs, indices);
    const offset = table.list[topology].firstIndex;
    for (const d of draws) d.firstIndex += offset;
    frames.push({ timeSecs, positions: Float32Array.from(positions), topology, draws });
  }
  const { uvs, indices } = table.finish();
  return {
    animation,
    skin: options.skin ?? null,
    fps,
    durationSecs: anim.duration,
    pages: loaded.atlas.pages.map((p) => ({ name: p.name, width: p.width, height: p.height })),
    uvs,
    indices,
    topologies: table.list,
    frames,
  };
}
