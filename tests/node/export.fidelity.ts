// Fidelity check shared by the export tests: parse an exported skeleton with the official
// runtime (spine-core 4.2.119), pose it at every baked frame (setToSetupPose, apply,
// updateWorldTransform) and compare with the simulation's own baked states (`--frames`).
// Tolerances: export spec §12.3 (0.1 px, 0.01°, 0.01 scale, 1/255 per RGB channel, 0.01 alpha),
// plus the runtime's float32 storage of key times (≤ 1 µs of motion).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Animation,
  MeshAttachment,
  MixBlend,
  MixDirection,
  Physics,
  Skeleton,
  SkeletonData,
  SkeletonJson,
} from '@esotericsoftware/spine-core';
import { cliPath } from '../support/cli';
import { FakeAtlasAttachmentLoader } from '../../web/export/fake-atlas';
import type { ExportReport } from '../../web/export/protocol';
import { withTempDir } from '../support/tmp';

/** One bone of one baked frame, as `--frames` writes it. */
export interface FrameBone {
  x: number;
  y: number;
  rotation: number;
  scaleX: number;
  scaleY: number;
  color: string;
  /** The unquantised colour the export's keys are held to (absent in older documents). */
  rgba?: [number, number, number, number];
  attachment: string | null;
}

/** The `--frames` document. */
export interface FramesDoc {
  fps: number;
  animations: Record<string, { frame: number; bones: Record<string, FrameBone> }[]>;
}

/** Result of exporting one scene through the CLI. */
export interface Exported {
  json: string;
  frames: FramesDoc;
  /** The report `spineparticle export` prints (the same sp_spine report the worker posts). */
  report: ExportReport;
}

/** Runs `spineparticle export SCENE -o … --frames …` and reads the results. */
export function exportScene(scenePath: string, extraArgs: string[] = []): Exported {
  return withTempDir('sp-export-', (dir) => {
    const out = join(dir, 'out.json');
    const frames = join(dir, 'frames.json');
    const stdout = execFileSync(cliPath, ['export', scenePath, '-o', out, '--frames', frames, ...extraArgs], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return {
      json: readFileSync(out, 'utf8'),
      frames: JSON.parse(readFileSync(frames, 'utf8')) as FramesDoc,
      report: JSON.parse(stdout) as ExportReport,
    };
  });
}

/** Parses a skeleton with the official runtime and a fake atlas. */
export function parseSkeleton(json: string): SkeletonData {
  return new SkeletonJson(new FakeAtlasAttachmentLoader()).readSkeletonData(json);
}

/** Poses `skeleton` at time `t` of `animation` from its setup pose, as the runtime plays an export. */
export function poseAt(skeleton: Skeleton, animation: Animation, t: number): void {
  skeleton.setToSetupPose();
  animation.apply(skeleton, 0, t, false, [], 1, MixBlend.setup, MixDirection.mixIn);
  skeleton.updateWorldTransform(Physics.none);
}

const POS_TOL = 0.1 + 2e-3;
const ROT_TOL_RAD = (0.01 * Math.PI) / 180;
const SCALE_TOL = 0.01 + 1e-4;
const RGB_TOL = 1 / 255 + 1e-4;
const ALPHA_TOL = 0.01 + 1e-4;

/** Compares the runtime pose with the baked frames; returns the first `limit` mismatches. */
export function checkFidelity(data: SkeletonData, frames: FramesDoc, limit = 10): { errors: string[]; checked: number } {
  const errors: string[] = [];
  let checked = 0;
  const skeleton = new Skeleton(data);
  const particleSlots = skeleton.slots.filter((s) => s.data.name.startsWith('_particle_'));
  for (const [name, list] of Object.entries(frames.animations)) {
    const animation = data.findAnimation(name);
    if (!animation) {
      errors.push(`animation ${name} missing`);
      continue;
    }
    for (const frame of list) {
      poseAt(skeleton, animation, Math.fround(frame.frame / frames.fps));
      const where = (bone: string) => `${name} frame ${frame.frame} bone ${bone}`;
      for (const [boneName, want] of Object.entries(frame.bones)) {
        checked++;
        const bone = skeleton.findBone(boneName);
        const slot = skeleton.findSlot(boneName);
        if (!bone || !slot) {
          errors.push(`${where(boneName)}: not in the skeleton`);
          continue;
        }
        if (Math.abs(bone.worldX - want.x) > POS_TOL || Math.abs(bone.worldY - want.y) > POS_TOL) {
          errors.push(`${where(boneName)}: position (${bone.worldX}, ${bone.worldY}) vs (${want.x}, ${want.y})`);
        }
        // Matrix of the expected world pose: R(r)·S(sx, sy).
        const r = (want.rotation * Math.PI) / 180;
        const [c, s] = [Math.cos(r), Math.sin(r)];
        const expect = [c * want.scaleX, -s * want.scaleY, s * want.scaleX, c * want.scaleY];
        const got = [bone.a, bone.b, bone.c, bone.d];
        const scaleMax = Math.max(Math.abs(want.scaleX), Math.abs(want.scaleY));
        const tol = SCALE_TOL + scaleMax * ROT_TOL_RAD;
        if (got.some((g, i) => Math.abs(g - expect[i]) > tol)) {
          errors.push(`${where(boneName)}: matrix [${got.map((v) => v.toFixed(4))}] vs [${expect.map((v) => v.toFixed(4))}]`);
        }
        const attachment = slot.getAttachment()?.name ?? null;
        if (attachment !== want.attachment) {
          errors.push(`${where(boneName)}: attachment ${attachment} vs ${want.attachment}`);
        }
        if (want.attachment !== null) {
          const rgba = want.rgba ?? [0, 2, 4, 6].map((i) => parseInt(want.color.slice(i, i + 2), 16) / 255);
          const col = slot.color;
          const d = [col.r - rgba[0], col.g - rgba[1], col.b - rgba[2]];
          if (d.some((v) => Math.abs(v) > RGB_TOL) || Math.abs(col.a - rgba[3]) > ALPHA_TOL) {
            errors.push(`${where(boneName)}: colour ${[col.r, col.g, col.b, col.a].map((v) => (v * 255).toFixed(2))} vs ${want.color}`);
          }
        }
      }
      // Every particle slot without a live particle must show nothing (trail slots, which show
      // a mesh, are checked by the oracle against the preview's ribbons).
      for (const slot of particleSlots) {
        if (frame.bones[slot.bone.data.name] || slot.getAttachment() instanceof MeshAttachment) continue;
        if (slot.getAttachment() && slot.color.a > 0) {
          errors.push(`${where(slot.bone.data.name)}: visible (${slot.getAttachment()?.name}, alpha ${slot.color.a}) without a particle`);
        }
      }
      if (errors.length >= limit) return { errors, checked };
    }
  }
  return { errors, checked };
}
