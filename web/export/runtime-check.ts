// Parses an exported skeleton with the official runtime (@esotericsoftware/spine-core 4.2.119)
// before anything is downloaded (export spec §16.2). No atlas exists at export time, so the
// attachment loader gives every region a 1×1 placeholder region; everything else (bones,
// slots, skins, every timeline) is read exactly as a game would read it.
import { SkeletonJson } from '@esotericsoftware/spine-core';
import { errorText } from '../errors';
import { FakeAtlasAttachmentLoader } from './fake-atlas';
import { ExportFailed } from './failure';
import type { ExportFailure } from './protocol';

/** What the runtime read. */
export interface RuntimeCheck {
  bones: number;
  slots: number;
  animations: { name: string; durationSecs: number }[];
}

/** Every number a key or setup value holds must be finite once read (NaN would play silently). */
function firstNonFinite(data: ReturnType<SkeletonJson['readSkeletonData']>): ExportFailure | null {
  for (const b of data.bones) {
    for (const k of ['x', 'y', 'rotation', 'scaleX', 'scaleY'] as const) {
      if (!Number.isFinite(b[k])) return { code: 'nonFinite', at: `bones.${b.name}.${k}` };
    }
  }
  for (const a of data.animations) {
    if (!Number.isFinite(a.duration)) return { code: 'nonFiniteDuration', at: `animations.${a.name}` };
    for (const t of a.timelines) {
      for (let i = 0; i < t.frames.length; i++) {
        if (!Number.isFinite(t.frames[i])) return { code: 'nonFiniteKey', at: `animations.${a.name}`, timeline: t.constructor.name, index: i };
      }
    }
  }
  return null;
}

/**
 * Reads the skeleton with spine-core, from its text or from the value `JSON.parse` made of it
 * (which spine-core reads without changing); throws an {@link ExportFailed} saying where it
 * failed (`runtimeRefused` with spine-core's message, or the first non-finite number).
 */
export function checkWithSpineRuntime(skeleton: unknown): RuntimeCheck {
  let data;
  try {
    data = new SkeletonJson(new FakeAtlasAttachmentLoader()).readSkeletonData(skeleton);
  } catch (e) {
    throw new ExportFailed({ code: 'runtimeRefused', detail: errorText(e) });
  }
  const bad = firstNonFinite(data);
  if (bad !== null) throw new ExportFailed(bad);
  return {
    bones: data.bones.length,
    slots: data.slots.length,
    animations: data.animations.map((a) => ({ name: a.name, durationSecs: a.duration })),
  };
}
