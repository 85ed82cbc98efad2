// Plays a Spine 4.2 skeleton on the canvas through the renderer's baked vertex clips: atlas pages
// decoded and registered as images, each animation baked (bake.ts) on first use and converted
// (clip.ts) into one `addVertexClip` per animation, skin and fps; instances placed in scene pixels
// (y down), each turned and scaled about its own position by its own rotation and scale (an extra
// instance without them takes the object's: object/instances.ts; the renderer's clip-instance
// transform, spine/placement.ts). The player has no clock of its own: its
// animation time is a pure function of the scene timeline time (`animationTimeAt`), so scrubbing,
// pausing and restarting the timeline pose the skeleton too. The host sends every skeleton's
// instances to the renderer in one `setClipInstanceArray` call (web/skeleton/object/scene.ts); the
// renderer only picks frames, it does not advance clip time. Loaded skeletons are scene objects of
// the document but never exported.

import type { WasmClipEditor } from '../../engine/wasm-api';
import { bakeAnimation, clipOptionsJson, DEFAULT_BAKE_FPS, loadSkeleton, SkeletonLoadError, toVertexClip, type ClipLimit, type LoadedSkeleton, type ClipInstanceValues, type InstancePlacement, type PageSize, type StepsCovering, type VertexClipArrays } from '../spine';
import { errorText } from '../../errors';

/** What the player needs from the page. */
export interface SkeletonPlayHost {
  /** The Editor's clip methods through the facade (they throw while the Editor restarts). */
  readonly clips: WasmClipEditor;
  /** Registers a straight-alpha RGBA8 image under `path`. */
  addImage(path: string, width: number, height: number, rgba: Uint8Array): void;
  /** Decodes an image file into straight-alpha RGBA8. */
  decodeImage(file: Blob): Promise<{ width: number; height: number; rgba: Uint8Array }>;
  /** Scene point at the canvas centre. */
  viewCentre(): [number, number];
  /** The core's frame rule the bake samples by (Engine.stepsCovering). */
  readonly stepsCovering: StepsCovering;
  /**
   * Sends the instances of every skeleton the host plays to the renderer (one
   * `setClipInstanceArray` for all of them: the call replaces every clip instance).
   */
  pushInstances(): void;
}

/** One instance as `setClipInstanceArray` takes it (clip.ts `writeInstance`), every field the player sets. */
export type ClipInstanceJson = Required<Pick<ClipInstanceValues, 'clip' | 'timeSecs' | 'loop' | 'x' | 'y' | 'rotationDeg' | 'scaleX' | 'scaleY' | 'depth'>>;

/** A placed skeleton instance: scene position (y down), rotation (° clockwise) and scale about it. */
export type SkeletonInstance = Required<InstancePlacement>;

/** A baked and uploaded clip. */
interface UploadedClip {
  id: number;
  arrays: VertexClipArrays;
  durationSecs: number;
}


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

/** The sizes of decoded pages by page name (they override the atlas's `size:`). */
function pageSizesOf(pages: readonly DecodedPage[]): Record<string, PageSize> {
  const sizes: Record<string, PageSize> = {};
  for (const p of pages) sizes[p.name] = { width: p.width, height: p.height };
  return sizes;
}

/** Plays one loaded skeleton. */
export class SkeletonPlayer {
  private loadedSkeleton: LoadedSkeleton;
  private readonly clips = new Map<string, UploadedClip>();
  private readonly pagePaths = new Map<string, string>();
  /** Placed instances (scene px, rotation, scale); the first is the skeleton's own position. */
  readonly instances: SkeletonInstance[] = [];
  /** Animation played by every instance. */
  animation: string;
  /** Skin (null: default skin). */
  skin: string | null = null;
  /** Animation time of the last {@link instanceList}, seconds (for a read-out). */
  timeSecs = 0;
  /** Drawn or hidden (the eye icon). */
  visible = true;
  /** Loop or hold the last pose. */
  looping = true;
  /** Playback speed multiplier against the scene timeline. */
  speed = 1;
  /** Bake rate. */
  fps = DEFAULT_BAKE_FPS;
  /** Sample the atlas pages trilinearly through mipmaps (sent with every clip upload). */
  mipmaps = false;
  /** What the last bake could not keep, as data (clip.ts `limitDetails`). */
  limits: ClipLimit[] = [];

  private constructor(
    private readonly host: SkeletonPlayHost,
    private readonly key: string,
    private readonly skeletonBytes: Uint8Array,
    private readonly atlasText: string,
    private readonly pages: DecodedPage[],
    private scale: number,
  ) {
    this.loadedSkeleton = this.load();
    const first = this.loadedSkeleton.data.animations[0];
    if (first === undefined) throw new SkeletonLoadError({ kind: 'noAnimation' });
    this.animation = first.name;
    for (const p of pages) {
      const path = pageImagePath(key, p.name);
      host.addImage(path, p.width, p.height, p.rgba);
      this.pagePaths.set(p.name, path);
    }
  }

  /** Decodes page image files into straight-alpha RGBA8 (a page that fails names itself). */
  static async decodePages(host: Pick<SkeletonPlayHost, 'decodeImage'>, pageFiles: { name: string; file: Blob }[]): Promise<DecodedPage[]> {
    const pages: DecodedPage[] = [];
    for (const p of pageFiles) {
      try {
        pages.push({ name: p.name, ...(await host.decodeImage(p.file)) });
      } catch (e) {
        throw new Error(`atlas page "${p.name}": ${errorText(e)}`);
      }
    }
    return pages;
  }

  /**
   * Loads the skeleton with its atlas and decoded pages as playback does (spine-core, load scale
   * 1), registering and baking nothing: what a drop must pass before it is placed in the scene.
   * Throws a SkeletonLoadError (or AtlasLoadError) saying why the file cannot be read. A
   * skeleton that reads but has no animation is placed (its bones can be followed); its
   * playback says it has nothing to play.
   */
  static check(skeleton: Uint8Array, atlasText: string, pages: readonly DecodedPage[]): void {
    loadSkeleton(skeleton, atlasText, { pageSizes: pageSizesOf(pages), scale: 1 });
  }

  /**
   * Registers decoded pages under `key` (see {@link pageImagePath}), loads the skeleton at
   * `scale` and bakes its first animation. No instance is placed. Throws with a plain message.
   */
  static create(host: SkeletonPlayHost, key: string, skeleton: Uint8Array, atlasText: string, pages: DecodedPage[], scale: number): SkeletonPlayer {
    const player = new SkeletonPlayer(host, key, skeleton, atlasText, pages, scale);
    player.current();
    return player;
  }

  /**
   * Decodes the page images, registers them, loads the skeleton at `scale`, bakes its first
   * animation and places one instance at the view centre. Throws with a plain message.
   */
  static async open(host: SkeletonPlayHost, key: string, skeleton: Uint8Array, atlasText: string, pageFiles: { name: string; file: Blob }[], scale: number): Promise<SkeletonPlayer> {
    const player = SkeletonPlayer.create(host, key, skeleton, atlasText, await SkeletonPlayer.decodePages(host, pageFiles), scale);
    player.addInstanceAtCentre();
    return player;
  }

  /** The skeleton as spine-core loaded it (data, atlas), at the current load scale. */
  get loaded(): LoadedSkeleton {
    return this.loadedSkeleton;
  }

  /** The scale the skeleton was loaded at. */
  get loadScale(): number {
    return this.scale;
  }

  private load(): LoadedSkeleton {
    return loadSkeleton(this.skeletonBytes, this.atlasText, { pageSizes: pageSizesOf(this.pages), scale: this.scale });
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
    const key = `${this.animation}\u0000${this.skin ?? ''}\u0000${this.fps}\u0000${this.mipmaps}`;
    const have = this.clips.get(key);
    if (have !== undefined) return have;
    const baked = bakeAnimation(this.loaded, this.animation, { fps: this.fps, skin: this.skin ?? undefined, stepsCovering: this.host.stepsCovering });
    const arrays = toVertexClip(baked, (i) => this.pagePaths.get(baked.pages[i]?.name ?? '') ?? null);
    const id = this.host.clips.addVertexClip(`${this.key}:${this.animation}`, arrays.fps, arrays.uvs, arrays.indices, arrays.topologyRanges, arrays.frames, arrays.positions, arrays.draws, arrays.drawColors, clipOptionsJson(arrays, this.mipmaps));
    const clip = { id, arrays, durationSecs: baked.durationSecs };
    this.clips.set(key, clip);
    this.limits = arrays.limitDetails;
    return clip;
  }

  /** Switches animation (baking it if needed); its time still follows the scene timeline. */
  setAnimation(name: string): void {
    const previous = this.animation;
    this.animation = name;
    try {
      this.current();
    } catch (e) {
      this.animation = previous;
      throw e;
    }
    this.limits = this.current().arrays.limitDetails;
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
    this.limits = this.current().arrays.limitDetails;
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
    this.limits = this.current().arrays.limitDetails;
    this.push();
  }

  /** Samples the atlas pages trilinearly through mipmaps, or not (re-uploads the clip). */
  setMipmaps(on: boolean): void {
    const previous = this.mipmaps;
    this.mipmaps = on;
    try {
      this.current();
    } catch (e) {
      this.mipmaps = previous;
      throw e;
    }
    this.push();
  }

  /** Reloads the skeleton at another scale (drops the baked clips). */
  setScale(scale: number): void {
    if (!(scale > 0 && Number.isFinite(scale))) throw new Error(`scale: ${scale} is not a positive number`);
    const old = this.scale;
    this.scale = scale;
    try {
      this.loadedSkeleton = this.load();
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
    this.instances.push({ x, y, rotationDeg: 0, scaleX: 1, scaleY: 1 });
    this.push();
  }

  /** Places the instances (the first is the skeleton's own position; absent rotation 0°, scale 1). */
  setPlacement(places: readonly InstancePlacement[]): void {
    this.instances.length = 0;
    for (const p of places) this.instances.push({ x: p.x, y: p.y, rotationDeg: p.rotationDeg ?? 0, scaleX: p.scaleX ?? 1, scaleY: p.scaleY ?? 1 });
  }

  /** Duration of the current animation, seconds. */
  durationSecs(): number {
    return this.current().durationSecs;
  }

  /**
   * Animation time at scene timeline time `sceneTimeSecs` (pure: the same scene time always
   * gives the same pose). `sceneTimeSecs · speed`, then, when looping, wrapped into
   * [0, frameCount / fps) — the period at which the renderer wraps a looping clip (bake.ts keeps
   * the endpoint frame) — else clamped to [0, duration]. Negative scene times count as 0.
   */
  animationTimeAt(sceneTimeSecs: number): number {
    const t = Math.max(0, Number.isFinite(sceneTimeSecs) ? sceneTimeSecs : 0) * this.speed;
    if (this.looping) {
      const period = this.current().arrays.frameCount / this.fps;
      return period > 0 ? ((t % period) + period) % period : 0;
    }
    return Math.min(t, this.durationSecs());
  }

  /**
   * The renderer instances of this skeleton at scene time `sceneTimeSecs` (empty while hidden),
   * with depths from `depthBase` up. Records the animation time in {@link timeSecs}.
   */
  instanceList(sceneTimeSecs: number, depthBase = 0): ClipInstanceJson[] {
    if (!this.visible || this.instances.length === 0) return [];
    const clip = this.current();
    this.timeSecs = this.animationTimeAt(sceneTimeSecs);
    // The renderer picks and blends the frames (unblended across a layout change).
    const timeSecs = this.timeSecs;
    return this.instances.map((inst, i) => ({
      clip: clip.id,
      timeSecs,
      loop: this.looping,
      x: inst.x,
      y: inst.y,
      rotationDeg: inst.rotationDeg,
      scaleX: inst.scaleX,
      scaleY: inst.scaleY,
      depth: depthBase + i,
    }));
  }

  /** Asks the host to send every skeleton's instances to the renderer (after a change). */
  push(): void {
    this.host.pushInstances();
  }

  /**
   * Forgets the uploaded clips without removing them: the Editor that held them is gone (a
   * wasm crash recreated it). The current clip is baked and uploaded again on next use.
   */
  forgetClips(): void {
    this.clips.clear();
  }

  private dropClips(): void {
    for (const c of this.clips.values()) {
      try {
        this.host.clips.removeVertexClip(c.id);
      } catch {
        // No editor (restarting): its clips are gone anyway.
      }
    }
    this.clips.clear();
  }

  /** Removes the instances and clips (pages stay registered for a re-drop or an undo). */
  dispose(): void {
    this.instances.length = 0;
    this.dropClips();
    try {
      this.push();
    } catch {
      // No editor: nothing is drawn anyway.
    }
  }
}
