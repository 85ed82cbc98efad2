// Trails in the fidelity oracle (export spec §9, issue 12): at one frame, the trail slots one
// system bone shows (pose.ts: the chain's bone positions and the mesh's world vertices from
// spine-core) against the trails of the particles the simulation says are visible (sim.ts, from
// `simulate --dump`: the preview's own ribbon), as sets matched by value: each pair of a shown
// trail and an expected one costs the largest distance between their chain nodes, and pairs are
// taken cheapest first. Per pair: nodes (distance, ≤ 0.1 px, the trail bones' position
// tolerance), vertices (distance, ≤ 0.5 px), colour and alpha of the slot against the
// unquantised trail colour, and the image. An unpaired shown trail or expected trail is an error
// when a user could see it (alpha above the alpha tolerance).
import type { ExpectedParticle } from './expected';
import type { ShownTrail } from './pose';

/** Trail tolerances: chain nodes 0.1 px, mesh vertices 0.5 px, colour 1/255, alpha 0.01. */
export const TRAIL_TOLERANCE = { node: 0.1, vertex: 0.5, rgb: 1 / 255, alpha: 0.01 };

/** Trail channels. */
export type TrailChannel = keyof typeof TRAIL_TOLERANCE;

/** Errors of one pair. */
export interface TrailPair {
  g: ShownTrail;
  e: ExpectedParticle;
  err: Record<TrailChannel, number>;
  /** The slot shows another image than the trail's. */
  image: boolean;
}

/** The comparison at one frame of one system. */
export interface TrailComparison {
  pairs: TrailPair[];
  extra: ShownTrail[];
  missing: ExpectedParticle[];
}

const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Largest distance between matching points of two lists (∞ when their lengths differ). */
function worstGap(a: [number, number][], b: [number, number][]): number {
  if (a.length !== b.length) return Infinity;
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, dist(a[i], b[i]));
  return worst;
}

/** Compares shown trails with the trails of `expected` (particles without one are ignored);
 * `pathOf(image)` is the attachment path an image reference exports as. */
export function compareTrails(
  shown: ShownTrail[],
  expected: ExpectedParticle[],
  pathOf: (image: string | null) => string,
  tol = TRAIL_TOLERANCE,
): TrailComparison {
  const want = expected.filter((e) => e.trail);
  const costs: [number, number, number][] = [];
  shown.forEach((g, gi) => {
    want.forEach((e, ei) => costs.push([worstGap(g.nodes, e.trail!.nodes), gi, ei]));
  });
  costs.sort((a, b) => a[0] - b[0]);
  const usedG = new Set<number>();
  const usedE = new Set<number>();
  const pairs: TrailPair[] = [];
  for (const [, gi, ei] of costs) {
    if (usedG.has(gi) || usedE.has(ei)) continue;
    usedG.add(gi);
    usedE.add(ei);
    const g = shown[gi];
    const e = want[ei];
    const t = e.trail!;
    pairs.push({
      g,
      e,
      err: {
        node: worstGap(g.nodes, t.nodes),
        vertex: worstGap(g.vertices, t.vertices),
        rgb: Math.max(Math.abs(g.r - t.r), Math.abs(g.g - t.g), Math.abs(g.bl - t.b)),
        alpha: Math.abs(g.alpha - t.a),
      },
      image: g.path !== pathOf(t.image),
    });
  }
  return {
    pairs,
    extra: shown.filter((g, i) => !usedG.has(i) && g.alpha > tol.alpha),
    missing: want.filter((e, i) => !usedE.has(i) && e.trail!.a > tol.alpha),
  };
}
