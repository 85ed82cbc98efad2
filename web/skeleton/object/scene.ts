// The skeletons of the scene document, played: the document's `skeletons` list is the source of
// truth (undo, autosave and reload go through it) and `sync` makes the players match it — one
// SkeletonPlayer per entry, created from the entry's files (kept here by content key and in
// IndexedDB, web/skeleton/object/store.ts), re-loaded or re-baked when the entry's scale, bake rate,
// animation or skin change, placed at its instances (each turned and scaled about its own
// position by its rotation and scale: placementOf, instances.ts), hidden by its eye. A renamed entry keeps its
// player (matched by files key); a deleted one disposes it (an undo creates it again from the
// files still held). Every frame, `frame(sceneTime)` sends the instances of every visible
// skeleton at that scene time in one `setClipInstanceArray`. After a wasm crash `afterRebuild` makes
// the players forget the dead Editor's clips: the next frame bakes and uploads them again (the
// page images are restored by the engine facade itself).

import { t } from '../../i18n';
import type { SkeletonObject } from '../../document/types';
import { DEFAULT_BAKE_FPS, writeInstances } from '../spine';
import { placementOf } from './doc';
import { atlasPageNames } from './files';
import { SkeletonPlayer, type ClipInstanceJson, type DecodedPage, type SkeletonPlayHost } from './play';
import { loadSkeletonFiles, saveSkeletonFiles, skeletonFilesKey, type ContentHash, type SkeletonFileSet } from './store';
import { skeletonErrorText, type SkeletonFileNames } from './refusal';

/** What the skeleton scene needs from the page: what its players need (they push through the scene), and: */
export interface SkeletonSceneHost extends Omit<SkeletonPlayHost, 'pushInstances'> {
  /** The scene timeline time, seconds. */
  sceneTimeSecs(): number;
  /** Whether `e` is the facade's "the Editor is restarting" error (nothing to report). */
  isRestarting(e: unknown): boolean;
  /** The core's content hash (Engine.contentHash): the files' key. */
  readonly contentHash: ContentHash;
}

/** A file set with its atlas text and decoded pages. */
interface HeldFiles {
  set: SkeletonFileSet;
  atlasText: string;
  pages: DecodedPage[];
}

interface PlayerRecord {
  player: SkeletonPlayer;
  key: string;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The files an entry names, for messages (its name when the document gives no path). */
function fileNames(entry: SkeletonObject): SkeletonFileNames {
  return { skeleton: entry.path === '' ? entry.name : entry.path, atlas: entry.atlas === '' ? entry.name : entry.atlas };
}

/** The played skeletons of the scene (see the file comment). */
export class SkeletonScene {
  private readonly files = new Map<string, HeldFiles>();
  private readonly players = new Map<string, PlayerRecord>();
  private readonly problems = new Map<string, string>();
  private entries: SkeletonObject[] = [];
  private sentAny = false;
  /** Reused instance array (13 numbers per instance). */
  private scratch: Float64Array = new Float64Array(0);
  private readonly playHost: SkeletonPlayHost;
  /** Called when the problems of an entry change (the scene list shows them). */
  onProblemsChanged: (() => void) | null = null;
  private published: ReadonlyMap<string, SkeletonPlayer> = new Map();
  private readonly loadedListeners = new Set<() => void>();

  constructor(private readonly host: SkeletonSceneHost) {
    this.playHost = {
      clips: host.clips,
      addImage: (path, w, h, rgba) => host.addImage(path, w, h, rgba),
      decodeImage: (file) => host.decodeImage(file),
      viewCentre: () => host.viewCentre(),
      stepsCovering: host.stepsCovering,
      pushInstances: () => this.pushInstances(),
    };
  }

  /**
   * Holds a dropped file set (decoding its pages, keeping it in IndexedDB for reloads) and
   * returns its content key. A set already held is not decoded again. A set spine-core cannot
   * load as playback would (a cut or damaged file, a missing region: SkeletonPlayer.check) is
   * refused before anything is held or stored: this throws its SkeletonLoadError or
   * AtlasLoadError, and the drop must not be placed in the scene.
   */
  async addFiles(files: Omit<SkeletonFileSet, 'key'>): Promise<string> {
    const key = skeletonFilesKey(files, this.host.contentHash);
    if (this.files.has(key)) return key;
    const set: SkeletonFileSet = { key, ...files };
    const held = await this.decode(set);
    SkeletonPlayer.check(set.skeleton.bytes, held.atlasText, held.pages);
    this.files.set(key, held);
    void saveSkeletonFiles(set).catch(() => undefined);
    return key;
  }

  /** Loads from IndexedDB the file sets of `keys` not held yet; returns the keys not found. */
  async restoreFiles(keys: readonly string[]): Promise<string[]> {
    const missing: string[] = [];
    for (const key of [...new Set(keys)].sort()) {
      if (key === '' || this.files.has(key)) continue;
      let set: SkeletonFileSet | null = null;
      try {
        set = await loadSkeletonFiles(key);
      } catch {
        set = null;
      }
      if (set === null) {
        missing.push(key);
        continue;
      }
      try {
        await this.hold(set);
      } catch (e) {
        this.problems.set(`key:${key}`, skeletonErrorText(e, { skeleton: set.skeleton.path, atlas: set.atlas.path }));
        missing.push(key);
      }
    }
    return missing;
  }

  /**
   * The loaded skeletons by document name, for the modules that use them (particles following a
   * bone, the property panel): a snapshot, replaced (never mutated) when the set changes.
   */
  loaded(): ReadonlyMap<string, SkeletonPlayer> {
    return this.published;
  }

  /** Calls `listener` after every change of {@link loaded} (added, removed, renamed, re-loaded). */
  onLoadedChanged(listener: () => void): () => void {
    this.loadedListeners.add(listener);
    return () => this.loadedListeners.delete(listener);
  }

  private publish(next: ReadonlyMap<string, SkeletonPlayer>): void {
    const same = next.size === this.published.size && [...next].every(([name, p]) => this.published.get(name) === p);
    this.published = next;
    if (same) return;
    for (const listener of this.loadedListeners) listener();
  }

  /** The held file set of `key`, or null. */
  fileSet(key: string): SkeletonFileSet | null {
    return this.files.get(key)?.set ?? null;
  }

  /** The player of entry `name`, or null (no files, or it failed to load). */
  player(name: string): SkeletonPlayer | null {
    return this.players.get(name)?.player ?? null;
  }

  /** What keeps entry `name` from playing as the document says, or null. */
  problem(name: string): string | null {
    return this.problems.get(name) ?? null;
  }

  /** Makes the players match the document's entries (see the file comment). Never throws. */
  sync(entries: readonly SkeletonObject[]): void {
    this.entries = entries.map((k) => structuredClone(k));
    const before = new Map([...this.problems].filter(([k]) => !k.startsWith('key:')));
    this.problems.clear();
    const wanted = new Set(this.entries.map((k) => k.name));
    const orphans = new Map<string, PlayerRecord>();
    for (const [name, rec] of this.players) if (!wanted.has(name)) orphans.set(name, rec);
    for (const name of orphans.keys()) this.players.delete(name);
    for (const entry of this.entries) {
      let rec = this.players.get(entry.name);
      if (rec !== undefined && rec.key !== entry.key) {
        rec.player.dispose();
        this.players.delete(entry.name);
        rec = undefined;
      }
      if (rec === undefined) {
        const renamed = [...orphans].find(([, o]) => o.key === entry.key);
        if (renamed !== undefined) {
          orphans.delete(renamed[0]);
          rec = renamed[1];
          this.players.set(entry.name, rec);
        }
      }
      if (rec === undefined) {
        const held = this.files.get(entry.key);
        if (held === undefined) {
          this.problems.set(entry.name, t('skeletonFilesMissing', { name: entry.name, path: entry.path === '' ? entry.name : entry.path }));
          continue;
        }
        try {
          rec = { player: SkeletonPlayer.create(this.playHost, entry.key, held.set.skeleton.bytes, held.atlasText, held.pages, entry.scale), key: entry.key };
        } catch (e) {
          if (this.host.isRestarting(e)) continue;
          this.problems.set(entry.name, t('skeletonCannotPlay', { name: entry.name, error: skeletonErrorText(e, fileNames(entry)) }));
          continue;
        }
        this.players.set(entry.name, rec);
      }
      this.apply(entry, rec.player);
    }
    for (const rec of orphans.values()) rec.player.dispose();
    this.publish(new Map([...this.players].map(([name, rec]) => [name, rec.player])));
    this.pushInstances();
    const after = [...this.problems].filter(([k]) => !k.startsWith('key:'));
    if (after.length !== before.size || after.some(([k, v]) => before.get(k) !== v)) this.onProblemsChanged?.();
  }

  private apply(entry: SkeletonObject, p: SkeletonPlayer): void {
    const notes: string[] = [];
    const attempt = (f: () => void): void => {
      try {
        f();
      } catch (e) {
        if (!this.host.isRestarting(e)) notes.push(skeletonErrorText(e, fileNames(entry)));
      }
    };
    p.speed = entry.speed;
    p.looping = entry.loop;
    p.visible = entry.visible;
    p.setPlacement(placementOf(entry));
    if (p.loadScale !== entry.scale) attempt(() => p.setScale(entry.scale));
    const fps = entry.bakeFps > 0 ? entry.bakeFps : DEFAULT_BAKE_FPS;
    if (p.fps !== fps) attempt(() => p.setFps(fps));
    if (p.mipmaps !== entry.mipmaps) attempt(() => p.setMipmaps(entry.mipmaps));
    const skin = entry.skin === '' ? null : entry.skin;
    if (skin !== null && !p.skins().includes(skin)) notes.push(t('skeletonNoSkin', { skin }));
    else if (p.skin !== skin) attempt(() => p.setSkin(skin));
    const animation = entry.animation === '' ? (p.animations()[0] ?? '') : entry.animation;
    if (!p.animations().includes(animation)) notes.push(t('skeletonNoAnimation', { animation }));
    else if (p.animation !== animation) attempt(() => p.setAnimation(animation));
    if (notes.length > 0) this.problems.set(entry.name, t('skeletonCannotPlay', { name: entry.name, error: notes.join('; ') }));
  }

  /** Sends every visible skeleton's instances at the current scene time. */
  pushInstances(): void {
    this.frame(this.host.sceneTimeSecs());
  }

  /** Sends every visible skeleton's instances at scene time `sceneTimeSecs` (one call). */
  frame(sceneTimeSecs: number): void {
    const all: ClipInstanceJson[] = [];
    for (const entry of this.entries) {
      const rec = this.players.get(entry.name);
      if (rec === undefined) continue;
      try {
        all.push(...rec.player.instanceList(sceneTimeSecs, all.length));
      } catch (e) {
        if (this.host.isRestarting(e)) return;
        const text = t('skeletonCannotPlay', { name: entry.name, error: skeletonErrorText(e, fileNames(entry)) });
        if (this.problems.get(entry.name) !== text) {
          this.problems.set(entry.name, text);
          this.onProblemsChanged?.();
        }
      }
    }
    if (all.length === 0 && !this.sentAny) return;
    try {
      this.scratch = writeInstances(all, this.scratch);
      const values = this.scratch;
      this.host.clips.setClipInstanceArray(values);
      this.sentAny = all.length > 0;
    } catch (e) {
      if (!this.host.isRestarting(e)) throw e;
    }
  }

  /** The Editor was recreated after a crash: its clips are gone (see the file comment). */
  afterRebuild(): void {
    for (const rec of this.players.values()) rec.player.forgetClips();
    this.sentAny = true;
  }

  /**
   * Longest time a visible skeleton needs on the timeline, seconds: one loop period (looping)
   * or the animation's duration (not looping), divided by its speed. 0 without skeletons.
   */
  longestSecs(): number {
    let longest = 0;
    for (const entry of this.entries) {
      const p = this.players.get(entry.name)?.player;
      if (p === undefined || !entry.visible || !(p.speed > 0)) continue;
      try {
        const span = p.looping ? p.current().arrays.frameCount / p.fps : p.durationSecs();
        longest = Math.max(longest, span / p.speed);
      } catch {
        // Not baked (restarting): it does not extend the timeline this frame.
      }
    }
    return longest;
  }

  /** The set with its atlas text and decoded pages (nothing held yet). */
  private async decode(set: SkeletonFileSet): Promise<HeldFiles> {
    const atlasText = new TextDecoder().decode(set.atlas.bytes);
    const pageFiles: { name: string; file: Blob }[] = [];
    for (const name of atlasPageNames(atlasText)) {
      const f = set.pages.find((p) => lastSegment(p.path) === lastSegment(name));
      if (f !== undefined) pageFiles.push({ name, file: new Blob([new Uint8Array(f.bytes)]) });
    }
    const pages = await SkeletonPlayer.decodePages(this.host, pageFiles);
    return { set, atlasText, pages };
  }

  private async hold(set: SkeletonFileSet): Promise<void> {
    this.files.set(set.key, await this.decode(set));
  }
}
