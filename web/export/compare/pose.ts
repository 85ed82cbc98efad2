// Poses an exported skeleton with the official runtime (spine-core 4.2.119) at an editor time
// and returns what each visible particle slot shows, in editor scene pixels: the compare view
// draws it over the live preview so a user sees that export = preview.
//
// Per frame: setToSetupPose → each chosen animation applied at `t` (MixBlend.setup, no loop,
// in the exported order) → updateWorldTransform(Physics.none) → for every slot whose attachment
// is a region with alpha > 0 (the export hides a free pooled bone with alpha 0), the region's
// four world corners (RegionAttachment
// .computeWorldVertices). Spine axes are y up; the editor's are y down: scene (x, y) = (x, −y)
// (sp_spine::coords).
import {
  MixBlend,
  MixDirection,
  Physics,
  RegionAttachment,
  Skeleton,
  SkeletonJson,
  type Animation,
  type SkeletonData,
} from '@esotericsoftware/spine-core';
import { FakeAtlasAttachmentLoader } from '../fake-atlas';
import { editorPoints, editorY } from '../../skeleton/spine/axes';

/** One posed region in editor scene pixels. */
export interface PosedRegion {
  /** Slot name. */
  slot: string;
  /** Corners (x0, y0, … x3, y3), scene pixels, y down. */
  corners: number[];
  /** Bone world position, scene pixels, y down. */
  boneX: number;
  boneY: number;
  /** Slot colour 0..1. */
  r: number;
  g: number;
  b: number;
  a: number;
}

/** The parts of a scene document the compare plan reads. */
export interface PlanScene {
  systems: { visible: boolean; mode: string; animation: string; loopAnimations: { start: string; loop: string; end: string } }[];
}

/** An animation applied at a time. */
export interface PlannedAnimation {
  name: string;
  timeSecs: number;
}

/** The exported animation a loop-continuous system shows at a time, from the core's timeline
 * (`Engine.animationsAt`); null for a one-shot system. */
export type SystemAnimation = { kind: 'start' | 'loop' | 'end'; localSecs: number } | null;

/**
 * What the preview shows at editor time `t`, as exported animations: a one-shot system plays its
 * `animation` at `t`; a loop-continuous system plays the animation of the segment the core's
 * timeline puts it in at `t` (`shown[i]`: start, then loop repeating, then end, the way a game
 * chains them) at the time into it the timeline gives. Each animation once, in the exported
 * order.
 */
export function autoPlan(scene: PlanScene, animations: { name: string; durationSecs: number }[], timeSecs: number, shown: SystemAnimation[]): PlannedAnimation[] {
  const exported = new Set(animations.map((a) => a.name));
  const plan = new Map<string, number>();
  scene.systems.forEach((s, i) => {
    if (!s.visible) return;
    if (s.mode !== 'loopContinuous') {
      if (exported.has(s.animation)) plan.set(s.animation, timeSecs);
      return;
    }
    const at = shown[i];
    if (!at) return;
    const name = s.loopAnimations[at.kind];
    if (exported.has(name)) plan.set(name, at.localSecs);
  });
  return animations.filter((a) => plan.has(a.name)).map((a) => ({ name: a.name, timeSecs: plan.get(a.name) ?? 0 }));
}

/** A parsed export ready to be posed. */
export class ComparePoser {
  readonly data: SkeletonData;
  private readonly skeleton: Skeleton;
  private readonly scratch = new Float32Array(8);

  /** Parses `json` (throws spine-core's error when it cannot). */
  constructor(json: string) {
    this.data = new SkeletonJson(new FakeAtlasAttachmentLoader()).readSkeletonData(json);
    this.skeleton = new Skeleton(this.data);
  }

  /** Exported animations: name and duration. */
  animations(): { name: string; durationSecs: number }[] {
    return this.data.animations.map((a) => ({ name: a.name, durationSecs: a.duration }));
  }

  /** The visible regions at `timeSecs` with only `animation` applied. */
  pose(timeSecs: number, animation: string): PosedRegion[] {
    return this.posePlan([{ name: animation, timeSecs }]);
  }

  /** The visible regions with each planned animation applied at its time (see {@link autoPlan}). */
  posePlan(plan: PlannedAnimation[]): PosedRegion[] {
    const sk = this.skeleton;
    sk.setToSetupPose();
    for (const p of plan) {
      const a: Animation | null = this.data.findAnimation(p.name);
      a?.apply(sk, 0, Math.max(0, p.timeSecs), false, [], 1, MixBlend.setup, MixDirection.mixIn);
    }
    sk.updateWorldTransform(Physics.none);
    const out: PosedRegion[] = [];
    for (const slot of sk.drawOrder) {
      const att = slot.getAttachment();
      if (!(att instanceof RegionAttachment) || !slot.bone.active || slot.color.a <= 0) continue;
      att.computeWorldVertices(slot, this.scratch, 0, 2);
      const v = this.scratch;
      out.push({
        slot: slot.data.name,
        corners: editorPoints(v.slice(0, 8), []),
        boneX: slot.bone.worldX,
        boneY: editorY(slot.bone.worldY),
        r: slot.color.r,
        g: slot.color.g,
        b: slot.color.b,
        a: slot.color.a,
      });
    }
    return out;
  }
}
