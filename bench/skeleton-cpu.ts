// The CPU reference path for the playback benchmark: what a spine-core runtime does every frame
// for one skeleton instance — apply the animation (looping), skeleton.update(Δt),
// updateWorldTransform(Physics.update), then the world vertices (computeWorldVertices) and
// clipping of every visible region and mesh in draw order (the same walk as the bake). Baked
// playback replaces all of this with a buffer switch, so `frame` is the per-instance cost the
// benchmark compares against.

import { MixBlend, MixDirection, Physics, type Animation, type Event, type Skeleton } from '@esotericsoftware/spine-core';
import { newSkeleton } from '../web/skeleton/spine/bake';
import type { LoadedSkeleton } from '../web/skeleton/spine/load';
import { DrawWalker } from '../web/skeleton/spine/walk';

/** One skeleton instance posed on the CPU every frame. */
export class CpuReference {
  private readonly skeleton: Skeleton;
  private readonly animation: Animation;
  private readonly walker = new DrawWalker();
  private readonly events: Event[] = [];
  private lastTimeSecs = 0;
  private checksum = 0;

  constructor(loaded: LoadedSkeleton, animation: string, skin?: string) {
    const anim = loaded.data.findAnimation(animation);
    if (anim === null) throw new Error(`animation "${animation}" not found`);
    this.animation = anim;
    this.skeleton = newSkeleton(loaded, skin);
  }

  /**
   * Poses the instance at `timeSecs` (looping) and computes its world vertices; returns the
   * number of vertices produced (so the work cannot be optimised away).
   */
  frame(timeSecs: number): number {
    const s = this.skeleton;
    const dt = Math.max(0, timeSecs - this.lastTimeSecs);
    s.setToSetupPose();
    this.animation.apply(s, this.lastTimeSecs, timeSecs, true, this.events, 1, MixBlend.setup, MixDirection.mixIn);
    this.events.length = 0;
    s.update(dt);
    s.updateWorldTransform(Physics.update);
    this.lastTimeSecs = timeSecs;
    return this.walker.walk(s, (piece) => {
      this.checksum += piece.positions[0];
    });
  }

  /** Sum of the first x of every piece drawn so far (keeps the vertex work observable). */
  get sum(): number {
    return this.checksum;
  }
}
