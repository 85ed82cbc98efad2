// The export side of the fidelity oracle: the exported skeleton posed by the official runtime
// (spine-core 4.2.119) at a frame's float32 time, as a game plays it: setToSetupPose,
// animation.apply (MixBlend.setup, draw order included), updateWorldTransform. What is read back
// is only what a player sees: per system bone, the particle slots that show an attachment with
// an alpha above 0 (a slot at alpha 0 draws nothing: the setup pose keeps every particle slot's
// attachment at alpha 0, export spec §5.3), their bone's world matrix, slot colour, the region
// they show, and their place in the draw order; and the trail slots (a mesh attachment): their
// chain of bones and the mesh's skinned world vertices.
import {
  MeshAttachment,
  MixBlend,
  MixDirection,
  Physics,
  RegionAttachment,
  Skeleton,
  type Animation,
  type Bone,
  type SkeletonData,
} from '@esotericsoftware/spine-core';

/** One trail slot showing a mesh (export spec §9): its chain and its skinned vertices. */
export interface ShownTrail {
  slot: string;
  drawPos: number;
  /** World positions of the slot's bone and its chain of children (head first). */
  nodes: [number, number][];
  /** The mesh's world vertices (`computeWorldVertices`), in its vertex order. */
  vertices: [number, number][];
  /** Mesh UVs as the runtime holds them (`regionUVs`). */
  uvs: number[];
  r: number;
  g: number;
  bl: number;
  alpha: number;
  attachment: string;
  path: string;
}

/** One particle slot showing an attachment. */
export interface ShownSlot {
  slot: string;
  /** Index in the skeleton's current draw order (0 = back). */
  drawPos: number;
  /** Bone world transform: position and the matrix [a b; c d] (columns (a, c) and (b, d)). */
  x: number;
  y: number;
  a: number;
  b: number;
  c: number;
  d: number;
  /** Slot colour 0..1. */
  r: number;
  g: number;
  bl: number;
  alpha: number;
  /** Attachment name (skin entry key) and region path. */
  attachment: string;
  path: string;
}

/** Poses one skeleton; systems are the root's children in bone order. */
export class Poser {
  readonly skeleton: Skeleton;
  /** System bone names, in bone order. */
  readonly systemBones: string[];
  private readonly systemOfSlot: number[];

  constructor(readonly data: SkeletonData) {
    this.skeleton = new Skeleton(data);
    const root = data.bones[0];
    this.systemBones = data.bones.filter((b) => b.parent === root).map((b) => b.name);
    this.systemOfSlot = this.skeleton.slots.map((slot) => {
      const parent = slot.bone.data.parent;
      return parent && parent.parent === root ? this.systemBones.indexOf(parent.name) : -1;
    });
  }

  /** Time the runtime stores for a key at `frame / fps`, as it samples it. */
  static time(frame: number, fps: number): number {
    return Math.fround(frame / fps);
  }

  /**
   * Poses `animation` at frame `frame` and returns, per system bone, the shown particle slots in
   * draw order (back to front); `systemOrder` lists the system index of every shown particle
   * slot along the whole draw order.
   */
  pose(animation: Animation, frame: number, fps: number): { systems: ShownSlot[][]; trails: ShownTrail[][]; systemOrder: number[] } {
    const sk = this.skeleton;
    sk.setToSetupPose();
    animation.apply(sk, 0, Poser.time(frame, fps), false, [], 1, MixBlend.setup, MixDirection.mixIn);
    sk.updateWorldTransform(Physics.none);
    const systems: ShownSlot[][] = this.systemBones.map(() => []);
    const trails: ShownTrail[][] = this.systemBones.map(() => []);
    const systemOrder: number[] = [];
    sk.drawOrder.forEach((slot, drawPos) => {
      const system = this.systemOfSlot[slot.data.index];
      const attachment = slot.getAttachment();
      if (system < 0 || !attachment || !(slot.color.a > 0)) return;
      const bone = slot.bone;
      systemOrder.push(system);
      if (attachment instanceof MeshAttachment) {
        const world = new Array<number>(attachment.worldVerticesLength);
        attachment.computeWorldVertices(slot, 0, attachment.worldVerticesLength, world, 0, 2);
        const nodes: [number, number][] = [];
        for (let b: Bone | undefined = bone; b; b = b.children[0]) nodes.push([b.worldX, b.worldY]);
        const vertices: [number, number][] = [];
        for (let i = 0; i < world.length; i += 2) vertices.push([world[i], world[i + 1]]);
        trails[system].push({
          slot: slot.data.name,
          drawPos,
          nodes,
          vertices,
          uvs: Array.from(attachment.regionUVs),
          r: slot.color.r,
          g: slot.color.g,
          bl: slot.color.b,
          alpha: slot.color.a,
          attachment: attachment.name,
          path: attachment.path,
        });
        return;
      }
      systems[system].push({
        slot: slot.data.name,
        drawPos,
        x: bone.worldX,
        y: bone.worldY,
        a: bone.a,
        b: bone.b,
        c: bone.c,
        d: bone.d,
        r: slot.color.r,
        g: slot.color.g,
        bl: slot.color.b,
        alpha: slot.color.a,
        attachment: attachment.name,
        path: attachment instanceof RegionAttachment ? attachment.path : `(${attachment.constructor.name})`,
      });
    });
    return { systems, trails, systemOrder };
  }
}
