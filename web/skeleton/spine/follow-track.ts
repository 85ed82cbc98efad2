// Bone tracks for particle systems that follow a bone of a loaded skeleton (export spec §10.4).
// The Rust core has no Spine runtime: spine-core poses the skeleton here, and the core receives
// the bone's scene position sampled over scene time (`sp_sim::sim::follow::BoneTrack`), which
// the preview (`Editor.setFollowTracks`), the export worker (`followJson`) and the CLI
// (`--follow`) all evaluate with the same linear interpolation; the page asks the core for a
// position too (Engine.boneTrackPositionAt, wasm `boneTrackPositionAt`).
//
// Time: the track follows what the canvas shows. The canvas plays the animation's baked frames
// (bake.ts: frame i at animation time min(i / bakeFps, D), stepsCovering(D, bakeFps) + 1 frames, the core's rule) and
// blends linearly between neighbours, wrapping a looping clip after frameCount / bakeFps
// (the player's `animationTimeAt`); scene time t plays animation time t × speed. So the track's
// points are the bone at those frames, its rate is bakeFps × speed samples per scene second, and
// a looping track ends with its first point again (period frameCount / (bakeFps × speed)); a
// one-shot track holds the last frame's pose.
// Posing: setToSetupPose, animation.apply(previous, a, MixBlend.setup), skeleton.update(Δa),
// updateWorldTransform(Physics.reset for the first frame, else update) — in frame order, exactly
// as bake.ts poses the frames the canvas plays.
// Space: bone world (x, y) is skeleton space, y up, already scaled at load; the instance (the
// one the track is for, `instance`: a skeleton's extra instances share its rotation and scale
// and differ in position) is placed at scene (px, py) with y down, turned by its rotation θ (clockwise) and scaled by
// (scaleX, scaleY) about that point, exactly as the canvas draws it (placement.ts), so the scene
// position is (px, py) + R(θ)·(scaleX·x, scaleY·(−y)); at θ = 0 and scale 1 (px + x, py − y).
// The bone's own rotation and scale are not followed (position only), and a follower's offset
// is added afterwards in scene pixels (not turned or scaled with the skeleton: the core's
// `follow.offsetX/Y`).

import { MixBlend, MixDirection, Physics, type Event } from '@esotericsoftware/spine-core';
import { DEFAULT_BAKE_FPS, newSkeleton, type StepsCovering } from './bake';
import type { LoadedSkeleton } from './load';
import { editorY } from './axes';
import { checkPlacement, placePoint, type InstancePlacement } from './placement';
import type { BoneTrackJson } from '../../generated/contract';

/** One track as the core reads it (`{ "tracks": [BoneTrackJson, …] }`): the generated contract's. */
export type { BoneTrackJson } from '../../generated/contract';

/** What is followed and how the skeleton plays. */
export interface TrackRequest {
  /** Skeleton object name written into the track. */
  skeleton: string;
  /** Bone to follow. */
  bone: string;
  /**
   * Placed instance the placement below is (0 or absent: the first), written into the track
   * when not 0 (a first instance's track reads as before instances were followed).
   */
  instance?: number;
  /** Animation playing. */
  animation: string;
  /** Skin (null or undefined: default). */
  skin?: string | null;
  /** Scene position of the instance, pixels, y down. */
  placeX: number;
  /** Scene position of the instance, pixels, y down. */
  placeY: number;
  /** Rotation of the instance about its position, degrees clockwise (default 0). */
  rotationDeg?: number;
  /** Horizontal scale of the instance (negative: mirrored; default 1). */
  scaleX?: number;
  /** Vertical scale of the instance (default 1). */
  scaleY?: number;
  /** Playback speed (animation seconds per scene second), > 0. */
  speed: number;
  /** Looping playback. */
  loop: boolean;
  /** Rate the canvas bakes the animation at (default: the player's default). */
  bakeFps?: number;
  /** The core's frame rule (bake.ts {@link StepsCovering}). */
  stepsCovering: StepsCovering;
}

/** Scene seconds after which a looping track repeats (see the module notes). */
export function trackPeriodSecs(durationSecs: number, bakeFps: number, speed: number, stepsCovering: StepsCovering): number {
  return (stepsCovering(durationSecs, bakeFps) + 1) / (bakeFps * speed);
}

/** Samples the scene position of `request.bone` over one period (see the module notes). */
export function sampleBoneTrack(loaded: LoadedSkeleton, request: TrackRequest): BoneTrackJson {
  const animation = loaded.data.findAnimation(request.animation);
  if (animation === null) throw new Error(`animation "${request.animation}" is not in the skeleton`);
  if (!(request.speed > 0 && Number.isFinite(request.speed))) throw new Error(`speed ${request.speed} is not a positive number`);
  const skeleton = newSkeleton(loaded, request.skin ?? undefined);
  const bone = skeleton.findBone(request.bone);
  if (bone === null) throw new Error(`bone "${request.bone}" is not in the skeleton`);
  const place: InstancePlacement = { x: request.placeX, y: request.placeY, rotationDeg: request.rotationDeg, scaleX: request.scaleX, scaleY: request.scaleY };
  checkPlacement(place);
  const bakeFps = request.bakeFps ?? DEFAULT_BAKE_FPS;
  if (!(bakeFps > 0 && bakeFps <= 240)) throw new Error(`bake fps ${bakeFps} is outside 0 < fps ≤ 240`);
  const duration = animation.duration;
  const frames = request.stepsCovering(duration, bakeFps) + 1;
  const points: [number, number][] = [];
  const events: Event[] = [];
  let previous = 0;
  for (let i = 0; i < frames; i++) {
    const a = Math.min(i / bakeFps, duration);
    skeleton.setToSetupPose();
    animation.apply(skeleton, previous, a, false, events, 1, MixBlend.setup, MixDirection.mixIn);
    skeleton.update(a - previous);
    skeleton.updateWorldTransform(i === 0 ? Physics.reset : Physics.update);
    events.length = 0;
    previous = a;
    points.push(placePoint(place, bone.worldX, editorY(bone.worldY)));
  }
  const loop = request.loop && frames > 1;
  if (loop) points.push(points[0]);
  const instance = request.instance ?? 0;
  if (!(Number.isInteger(instance) && instance >= 0)) throw new Error(`instance ${instance} is not a whole number ≥ 0`);
  const id = instance === 0 ? { skeleton: request.skeleton, bone: request.bone } : { skeleton: request.skeleton, bone: request.bone, instance };
  return { ...id, sampleFps: bakeFps * request.speed, loop, points };
}

/** The `followJson` / `--follow` document for a list of tracks (sorted by skeleton, bone, instance). */
export function followDocument(tracks: readonly BoneTrackJson[]): string {
  const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...tracks].sort((a, b) => order(a.skeleton, b.skeleton) || order(a.bone, b.bone) || (a.instance ?? 0) - (b.instance ?? 0));
  return JSON.stringify({ tracks: sorted });
}
