// Plays a Spine 4.2 skeleton on the canvas through the renderer's baked vertex clips: atlas pages
// decoded and registered as images, each animation baked (bake.ts) on first use and converted
// (clip.ts) into one `addVertexClip` per animation, skin and fps; instances placed in scene
// pixels (y down) and their playback times advanced by this player's own animation-frame loop
// (`setClipInstances` is given the current time of every instance each frame: the renderer only
// picks frames, it does not advance clip time). Loaded skeletons are not part of the document:
// the exporter never sees them.

import { bakeAnimation } from './bake';
import { clipOptionsJson, toVertexClip, type VertexClipArrays } from './clip';
import { loadSkeleton, type LoadedSkeleton, type PageSize } from './load';

/** The clip methods of the wasm `Editor` (crates/sp-wasm/src/clips_api.rs). */
export interface WasmClipEditor {
  addVertexClip(
    name: string,
    fps: number,
    uvs: Float32Array,
    indices: Uint32Array,
    topologies: Uint32Array,
    frames: Uint32Array,
    positions: Float32Array,
    draws: Uint32Array,
    drawColors: Float32Array,
    optionsJson: string,
  ): number;
  removeVertexClip(id: number): boolean;
  setClipInstances(json: string): void;
}

/** What the player needs from the page. */
export interface SkeletonPlayHost {
  /** Runs `f` on the live Editor (the facade's crash handling applies); throws when there is none. */
  callEditor<T>(f: (e: WasmClipEditor) => T): T;
  /** Registers a straight-alpha RGBA8 image under `path`. */
  addImage(path: string, width: number, height: number, rgba: Uint8Array): void;
  /** Decodes an image file into straight-alpha RGBA8. */
  decodeImage(file: Blob): Promise<{ width: number; height: number; rgba: Uint8Array }>;
  /** Scene point at the canvas centre. */
  viewCentre(): [number, number];
}

/** A placed skeleton instance. */
export interface SkeletonInstance {
  x: number;
  y: number;
}

/** A baked and uploaded clip. */
interface UploadedClip {
  id: number;
  arrays: VertexClipArrays;
  durationSecs: number;
}

/** Default bake rate, frames per second. */
export const DEFAULT_BAKE_FPS = 30;

/** Image path under which page `name` of skeleton `key` is registered. */
export function pageImagePath(key: string, name: string): string {
  return `spine:${key}/${name}`;
}

/** The pages of a drop, decoded. */
export interface DecodedPage {
  name: string;
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** Plays one loaded skeleton. */
export class SkeletonPlayer {
  private loaded: LoadedSkeleton;
  private readonly clips = new Map<string, UploadedClip>();
  private readonly pagePaths = new Map<string, string>();
  private raf = 0;
  private lastMs: number | null = null;
  /** Placed instances (scene px). */
  readonly instances: SkeletonInstance[] = [];
  /** Animation played by every instance. */
  animation: string;
  /** Skin (null: default skin). */
  skin: string | null = null;
  /** Playback time of the current animation, seconds. */
  timeSecs = 0;
  /** Playing or paused. */
  playing = true;
  /** Loop or stop at the end. */
  looping = true;
  /** Playback speed multiplier. */
  speed = 1;
  /** Bake rate. */
  fps = DEFAULT_BAKE_FPS;
  /** What the last bake could not keep (see clip.ts). */
  limits: string[] = [];
  /** Called after every frame (e.g. to refresh a time readout). */
  onFrame: (() => void) | null = null;

  private constructor(
    private readonly host: SkeletonPlayHost,
    private readonly key: string,
    private readonly skeletonBytes: Uint8Array,
    private readonly atlasText: string,
    private readonly pages: DecodedPage[],
    private scale: number,
  ) {
    this.loaded = this.load();
    const first = this.loaded.data.animations[0];
    if (first === undefined) throw new Error('the skeleton has no animation to play');
    this.animation = first.name;
    for (const p of pages) {
      const path = pageImagePath(key, p.name);
      host.addImage(path, p.width, p.height, p.rgba);
      this.pagePaths.set(p.name, path);
    }
  }

  /**
   * Decodes the page images, registers them, loads the skeleton at `scale`, bakes its first
   * animation and places one instance at the view centre. Throws with a plain message.
   */
  static async open(host: SkeletonPlayHost, key: string, skeleton: Uint8Array, atlasText: string, pageFiles: { name: string; file: Blob }[], scale: number): Promise<SkeletonPlayer> {
    const pages: DecodedPage[] = [];
    for (const p of pageFiles) {
      try {
        pages.push({ name: p.name, ...(await host.decodeImage(p.file)) });
      } catch (e) {
        throw new Error(`atlas page "${p.name}": ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const player = new SkeletonPlayer(host, key, skeleton, atlasText, pages, scale);
    player.current();
    player.addInstanceAtCentre();
    player.start();
    return player;
  }

  private load(): LoadedSkeleton {
    const pageSizes: Record<string, PageSize> = {};
    for (const p of this.pages) pageSizes[p.name] = { width: p.width, height: p.height };
    return loadSkeleton(this.skeletonBytes, this.atlasText, { pageSizes, scale: this.scale });
  }

  /** Animation names, in the skeleton's order. */
  animations(): string[] {
    return this.loaded.data.animations.map((a) => a.name);
  }

  /** Skin names, in the skeleton's order. */
  skins(): string[] {
    return this.loaded.data.skins.map((s) => s.name);
  }

  /** Pages named by the atlas without an image in the drop. */
  missingPages(): string[] {
    return this.loaded.atlas.pages.map((p) => p.name).filter((n) => !this.pagePaths.has(n));
  }

  /** The current clip (baked and uploaded on first use). */
  current(): UploadedClip {
    const key = `${this.animation}\u0000${this.skin ?? ''}\u0000${this.fps}`;
    const have = this.clips.get(key);
    if (have !== undefined) return have;
    const baked = bakeAnimation(this.loaded, this.animation, { fps: this.fps, skin: this.skin ?? undefined });
    const arrays = toVertexClip(baked, (i) => this.pagePaths.get(baked.pages[i]?.name ?? '') ?? null);
    const id = this.host.callEditor((e) =>
      e.addVertexClip(`${this.key}:${this.animation}`, arrays.fps, arrays.uvs, arrays.indices, arrays.topologyRanges, arrays.frames, arrays.positions, arrays.draws, arrays.drawColors, clipOptionsJson(arrays)),
    );
    const clip = { id, arrays, durationSecs: baked.durationSecs };
    this.clips.set(key, clip);
    this.limits = arrays.limits;
    return clip;
  }

  /** Switches animation (baking it if needed) and restarts it. */
  setAnimation(name: string): void {
    const previous = this.animation;
    this.animation = name;
    try {
      this.current();
    } catch (e) {
      this.animation = previous;
      throw e;
    }
    this.limits = this.current().arrays.limits;
    this.timeSecs = 0;
    this.push();
  }

  /** Switches skin (null: default). */
  setSkin(name: string | null): void {
    const previous = this.skin;
    this.skin = name;
    try {
      this.current();
    } catch (e) {
      this.skin = previous;
      throw e;
    }
    this.limits = this.current().arrays.limits;
    this.push();
  }

  /** Bakes at another rate (clips already baked at other rates stay cached). */
  setFps(fps: number): void {
    if (!(fps > 0 && fps <= 240)) throw new Error(`bake fps: ${fps} is outside 0 < fps ≤ 240`);
    const previous = this.fps;
    this.fps = fps;
    try {
      this.current();
    } catch (e) {
      this.fps = previous;
      throw e;
    }
    this.limits = this.current().arrays.limits;
    this.push();
  }

  /** Reloads the skeleton at another scale (drops the baked clips). */
  setScale(scale: number): void {
    if (!(scale > 0 && Number.isFinite(scale))) throw new Error(`scale: ${scale} is not a positive number`);
    const old = this.scale;
    this.scale = scale;
    try {
      this.loaded = this.load();
    } catch (e) {
      this.scale = old;
      throw e;
    }
    this.dropClips();
    this.current();
    this.push();
  }

  /** Adds an instance at the view centre. */
  addInstanceAtCentre(): void {
    const [x, y] = this.host.viewCentre();
    this.instances.push({ x, y });
    this.push();
  }

  /** Duration of the current animation, seconds. */
  durationSecs(): number {
    return this.current().durationSecs;
  }

  /** Sends the instances with the current time to the renderer. */
  push(): void {
    // The renderer picks and blends the frames (unblended across a layout change).
    const clip = this.current();
    const timeSecs = this.timeSecs;
    const list = this.instances.map((inst, i) => ({
      clip: clip.id,
      timeSecs,
      loop: this.looping,
      x: inst.x,
      y: inst.y,
      depth: i,
    }));
    this.host.callEditor((e) => e.setClipInstances(JSON.stringify(list)));
  }

  /** Advances time by `dtSecs` of wall time (speed, loop and end applied). */
  step(dtSecs: number): void {
    if (!this.playing) return;
    const duration = this.durationSecs();
    let t = this.timeSecs + dtSecs * this.speed;
    if (this.looping) {
      // The renderer wraps a looping clip at frames / fps (bake.ts keeps the endpoint frame):
      // wrap there too, so the time shown matches the frame drawn.
      const period = this.current().arrays.frameCount / this.fps;
      t = period > 0 ? ((t % period) + period) % period : 0;
    } else if (t >= duration) {
      t = duration;
      this.playing = false;
    }
    this.timeSecs = t;
  }

  private start(): void {
    const tick = (ms: number): void => {
      this.raf = requestAnimationFrame(tick);
      const dt = this.lastMs === null ? 0 : Math.min(0.25, (ms - this.lastMs) / 1000);
      this.lastMs = ms;
      try {
        this.step(dt);
        this.push();
        this.onFrame?.();
      } catch {
        // The editor is restarting after a crash (its clips are gone): stop playing.
        this.stop();
      }
    };
    this.raf = requestAnimationFrame(tick);
  }

  private stop(): void {
    cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.lastMs = null;
  }

  private dropClips(): void {
    for (const c of this.clips.values()) {
      try {
        this.host.callEditor((e) => e.removeVertexClip(c.id));
      } catch {
        // No editor (restarting): its clips are gone anyway.
      }
    }
    this.clips.clear();
  }

  /** Stops playing, removes the instances and clips (pages stay registered for a re-drop). */
  dispose(): void {
    this.stop();
    this.instances.length = 0;
    try {
      this.host.callEditor((e) => e.setClipInstances('[]'));
    } catch {
      // No editor: nothing is drawn anyway.
    }
    this.dropClips();
  }
}
