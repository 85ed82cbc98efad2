// Bone tracks for particle systems that follow a bone of a loaded skeleton (export spec §10.4).
// The Rust core has no Spine runtime: spine-core poses the skeleton here, and the core receives
// the bone's scene position sampled over scene time (`sp_sim::sim::follow::BoneTrack`), which
// the preview (`Editor.setFollowTracks`), the export worker (`followJson`) and the CLI
// (`--follow`) all evaluate with the same linear interpolation.
//
// Time: scene time t plays animation time a = t × speed (speed > 0). A looping animation of
// duration D repeats every P = D / speed seconds of scene time; a one-shot one holds its last
// pose after P. Samples: n − 1 = ceil(P × sampleFps) equal steps over [0, P], so the track's
// own rate is (n − 1) / P (≥ the asked rate) and its period is exactly P.
// Posing: setToSetupPose, animation.apply(previous, a, loop, MixBlend.setup),
// skeleton.update(Δa), updateWorldTransform(Physics.reset for the first sample, else update) —
// in time order, as bake.ts poses the frames the canvas plays, so the particles follow what is
// drawn.
// Space: bone world (x, y) is skeleton space, y up, already scaled at load; the instance is
// placed at scene (px, py) with y down, so the scene position is (px + x, py − y).

import { MixBlend, MixDirection, Physics, type Event } from '@esotericsoftware/spine-core';
import { newSkeleton } from './bake';
import type { LoadedSkeleton } from './load';

/** One track as the core reads it (`{ "tracks": [BoneTrackJson, …] }`). */
export interface BoneTrackJson {
  /** Skeleton object name (the document's `skeletons[].name`). */
  skeleton: string;
  /** Bone name. */
  bone: string;
  /** Samples per second of scene time. */
  sampleFps: number;
  /** Repeat with the sampled period. */
  loop: boolean;
  /** Scene positions, pixels, y down. */
  points: [number, number][];
}

/** What is followed and how the skeleton plays. */
export interface TrackRequest {
  /** Skeleton object name written into the track. */
  skeleton: string;
  /** Bone to follow. */
  bone: string;
  /** Animation playing. */
  animation: string;
  /** Skin (null or undefined: default). */
  skin?: string | null;
  /** Scene position of the instance, pixels, y down. */
  placeX: number;
  /** Scene position of the instance, pixels, y down. */
  placeY: number;
  /** Playback speed (animation seconds per scene second), > 0. */
  speed: number;
  /** Looping playback. */
  loop: boolean;
  /** Lowest sample rate wanted, per scene second (default 60). */
  sampleFps?: number;
}

/** Most samples in one track (60 s at 240 Hz). */
export const MAX_TRACK_SAMPLES = 14_401;

/** Samples the scene position of `request.bone` over one period (see the module notes). */
export function sampleBoneTrack(loaded: LoadedSkeleton, request: TrackRequest): BoneTrackJson {
  const animation = loaded.data.findAnimation(request.animation);
  if (animation === null) throw new Error(`animation "${request.animation}" is not in the skeleton`);
  if (!(request.speed > 0 && Number.isFinite(request.speed))) throw new Error(`speed ${request.speed} is not a positive number`);
  const skeleton = newSkeleton(loaded, request.skin ?? undefined);
  const bone = skeleton.findBone(request.bone);
  if (bone === null) throw new Error(`bone "${request.bone}" is not in the skeleton`);
  const wanted = request.sampleFps ?? 60;
  const periodSecs = animation.duration / request.speed;
  const steps = periodSecs > 0 ? Math.min(MAX_TRACK_SAMPLES - 1, Math.max(1, Math.ceil(periodSecs * wanted - 1e-9))) : 0;
  const sampleFps = steps > 0 ? steps / periodSecs : wanted;
  const points: [number, number][] = [];
  const events: Event[] = [];
  let previous = 0;
  for (let i = 0; i <= steps; i++) {
    const a = steps > 0 ? (animation.duration * i) / steps : 0;
    skeleton.setToSetupPose();
    animation.apply(skeleton, previous, a, false, events, 1, MixBlend.setup, MixDirection.mixIn);
    skeleton.update(a - previous);
    skeleton.updateWorldTransform(i === 0 ? Physics.reset : Physics.update);
    events.length = 0;
    previous = a;
    points.push([request.placeX + bone.worldX, request.placeY - bone.worldY]);
  }
  return { skeleton: request.skeleton, bone: request.bone, sampleFps, loop: request.loop && steps > 0, points };
}

/** The `followJson` / `--follow` document for a list of tracks (sorted by skeleton, bone). */
export function followDocument(tracks: readonly BoneTrackJson[]): string {
  const sorted = [...tracks].sort((a, b) => (a.skeleton === b.skeleton ? (a.bone < b.bone ? -1 : a.bone > b.bone ? 1 : 0) : a.skeleton < b.skeleton ? -1 : 1));
  return JSON.stringify({ tracks: sorted });
}
