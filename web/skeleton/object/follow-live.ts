// Keeps the Editor's bone tracks (`Engine.setFollowTracks`) in step with the document and the
// loaded skeletons: every system whose `follow` names a loaded skeleton and one of its bones
// gets that bone's track (follow-track.ts), sampled as the skeleton plays on the canvas (its
// animation, skin, speed, loop, bake rate, and the position of the instance the system follows,
// `follow.instance` (0, the default, the first), with that instance's rotation and scale: the bone
// lands where the canvas draws that instance, spine/placement.ts). One track per skeleton, bone
// and instance: systems following the same bone of two instances get two tracks. A track is
// sampled again only when one of those inputs changes; the tracks are sent only when the set
// changed. A follower's offset is added in scene pixels after that (the core's
// `follow.offsetX/Y`): it is not turned or scaled with the skeleton, so a canvas drag moves it by
// the drag and a document from before rotation and scale were applied follows as it did.
// Systems whose target is missing (skeleton, bone, or an instance the skeleton does not have,
// e.g. after its extra instances were removed) get no track and fall back to their own transform
// (the core decides that; the panel says so).

import type { ParticleSystem, Scene } from '../../document/types';
import { followDocument, sampleBoneTrack, type BoneTrackJson, type InstancePlacement, type LoadedSkeleton, type StepsCovering } from '../spine';
import { errorText } from '../../errors';
import { clampPoint, round2, type LimitsOf } from '../../editor/drag-steps';

/** What following needs of a loaded skeleton (a SkeletonPlayer has all of it). */
export interface FollowSkeleton {
  /** spine-core data as loaded (at its load scale). */
  readonly loaded: LoadedSkeleton;
  /** Animation playing. */
  readonly animation: string;
  /** Skin (null: default). */
  readonly skin: string | null;
  /** Playback speed against the scene timeline. */
  readonly speed: number;
  /** Looping playback. */
  readonly looping: boolean;
  /** Bake rate of the canvas playback. */
  readonly fps: number;
  /** Placed instances, scene px with their rotation and scale (`follow.instance` indexes them). */
  readonly instances: readonly InstancePlacement[];
}

/** The loaded skeletons by document name. */
export type FollowSkeletons = ReadonlyMap<string, FollowSkeleton>;

/** A followed bone of one placed instance (0: the first). */
export interface FollowTarget {
  /** Skeleton object name. */
  skeleton: string;
  /** Bone name. */
  bone: string;
  /** Placed instance (0: the first). */
  instance: number;
}

/** The instance a follow names (absent: 0, the first). */
export function instanceOf(follow: { instance?: number | null }): number {
  return follow.instance ?? 0;
}

/** Cache and lookup key of a target. */
function targetKey(f: { skeleton: string; bone: string; instance?: number | null }): string {
  return `${f.skeleton}\u0000${f.bone}\u0000${instanceOf(f)}`;
}

/** Targets (skeleton, bone, instance) followed by the systems of `doc`, unique, sorted. */
export function followTargets(doc: Scene): FollowTarget[] {
  const seen = new Map<string, FollowTarget>();
  for (const s of doc.systems) {
    const f = s.follow;
    if (f === undefined || f === null) continue;
    seen.set(targetKey(f), { skeleton: f.skeleton, bone: f.bone, instance: instanceOf(f) });
  }
  return [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

/** Bone names of a loaded skeleton, in its order (empty when it is not loaded). */
export function boneNames(skeletons: FollowSkeletons, skeleton: string): string[] {
  return skeletons.get(skeleton)?.loaded.data.bones.map((b) => b.name) ?? [];
}

/**
 * Why a system's follow target is not followed, or null when it is: the skeleton is not loaded,
 * it has no such bone, or it has no placed instance `instance` (0: the first).
 */
export function missingReason(skeletons: FollowSkeletons, skeleton: string, bone: string, instance = 0): 'skeleton' | 'bone' | 'instance' | null {
  const s = skeletons.get(skeleton);
  if (s === undefined) return 'skeleton';
  if (s.loaded.data.findBone(bone) === null) return 'bone';
  if (!(Number.isInteger(instance) && instance >= 0 && instance < s.instances.length)) return 'instance';
  return null;
}

function inputsKey(target: FollowTarget, s: FollowSkeleton): string {
  const at = s.instances[target.instance];
  return JSON.stringify([target.skeleton, target.bone, target.instance, s.animation, s.skin, s.speed, s.looping, s.fps, at?.x, at?.y, at?.rotationDeg ?? 0, at?.scaleX ?? 1, at?.scaleY ?? 1]);
}

/**
 * Moves `system` by a canvas drag of (dx, dy) scene px, rounded to 0.01 px: a system placed by
 * the bone it follows (`followed`) moves its offset from the bone, any other its transform; each
 * within its schema limits (`limits`, drag-steps.ts `schemaLimits`): dragged past one, it stops
 * there instead of making an edit the document refuses.
 */
export function dragSystem(system: ParticleSystem, dx: number, dy: number, followed: boolean, limits: LimitsOf): void {
  const f = system.follow;
  if (followed && f !== undefined && f !== null) {
    [f.offsetX, f.offsetY] = clampPoint([round2(f.offsetX + dx), round2(f.offsetY + dy)], limits('systems[].follow.offsetX'), limits('systems[].follow.offsetY'));
  } else {
    const t = system.transform;
    [t.x, t.y] = clampPoint([round2(t.x + dx), round2(t.y + dy)], limits('systems[].transform.x'), limits('systems[].transform.y'));
  }
}

/** Computes and sends the tracks (see the module notes). */
export class FollowTracker {
  private readonly cache = new Map<string, { key: string; track: BoneTrackJson }>();
  private sent = '';
  /** Problems of the last update (a bone that could not be sampled), for the message area. */
  errors: string[] = [];

  /**
   * `apply` receives the `followJson` document when it changes (`''` for no track);
   * `positionAt` is the core's position of a track at a scene time (Engine.boneTrackPositionAt;
   * null while the engine restarts); `stepsCovering` the core's frame rule the track samples by
   * (Engine.stepsCovering).
   */
  constructor(
    private readonly apply: (followJson: string) => void,
    private readonly positionAt: (track: BoneTrackJson, timeSecs: number) => [number, number] | null,
    private readonly stepsCovering: StepsCovering,
  ) {}

  /** The tracks last sent (`''`: none). */
  get current(): string {
    return this.sent;
  }

  /** Whether `system` follows a bone that has a track (its drag moves the offset). */
  follows(system: ParticleSystem): boolean {
    const f = system.follow;
    return f !== undefined && f !== null && this.cache.has(targetKey(f));
  }

  /**
   * Where `system` is at scene time `t` when it follows a tracked bone (bone + offset, scene
   * px), or null when it uses its own transform.
   */
  positionOf(system: ParticleSystem, t: number): [number, number] | null {
    const f = system.follow;
    if (f === undefined || f === null) return null;
    const entry = this.cache.get(targetKey(f));
    if (entry === undefined) return null;
    const at = this.positionAt(entry.track, t);
    return at === null ? null : [at[0] + f.offsetX, at[1] + f.offsetY];
  }

  /** Re-derives the tracks from `doc` and `skeletons`; sends them when they changed. */
  update(doc: Scene, skeletons: FollowSkeletons): void {
    const tracks: BoneTrackJson[] = [];
    const errors: string[] = [];
    const used = new Set<string>();
    for (const target of followTargets(doc)) {
      const { skeleton, bone, instance } = target;
      const s = skeletons.get(skeleton);
      if (s === undefined || missingReason(skeletons, skeleton, bone, instance) !== null) continue;
      const id = targetKey(target);
      used.add(id);
      const key = inputsKey(target, s);
      let entry = this.cache.get(id);
      if (entry === undefined || entry.key !== key) {
        try {
          const at = s.instances[instance];
          const track = sampleBoneTrack(s.loaded, { skeleton, bone, instance, animation: s.animation, skin: s.skin, placeX: at.x, placeY: at.y, rotationDeg: at.rotationDeg, scaleX: at.scaleX, scaleY: at.scaleY, speed: s.speed, loop: s.looping, bakeFps: s.fps, stepsCovering: this.stepsCovering });
          entry = { key, track };
          this.cache.set(id, entry);
        } catch (e) {
          errors.push(`${skeleton}/${bone}${instance > 0 ? ` #${instance + 1}` : ''}: ${errorText(e)}`);
          this.cache.delete(id);
          continue;
        }
      }
      tracks.push(entry.track);
    }
    for (const id of [...this.cache.keys()]) if (!used.has(id)) this.cache.delete(id);
    this.errors = errors;
    const json = tracks.length === 0 ? '' : followDocument(tracks);
    if (json === this.sent) return;
    this.apply(json);
    this.sent = json;
  }
}
