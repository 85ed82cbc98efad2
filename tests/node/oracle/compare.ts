// Comparing what one system bone shows (pose.ts) with what the simulation says it must show
// (expected.ts) at one frame: as sets, matched by value, never by the exporter's bone
// assignment.
//
// Pairing: (A) the shown slots in draw order paired with the expected particles back to front:
// when the counts agree and every pair is within tolerance, channels and stacking are both right.
// (H) otherwise a slot keeps the particle it showed at the previous frame if that particle is
// still expected there and within tolerance (the oracle's own tracking, not the exporter's bone
// assignment); (B) the rest are matched by value (position first: within 2 px they form
// clusters, each solved as an assignment over all channels; the rest nearest first), and each
// channel, the attachment, the count and the stacking (the matched particles' places back to
// front must rise along the draw order) are reported. A slot or particle left without a partner
// is an error only when a user could see it (alpha above the alpha tolerance): a particle at alpha
// 0.001 is written as 8-bit alpha 0, which draws nothing.
//
// Channels (Spine axes): position = distance of the bone's world origin from the particle;
// rotation = angle, in degrees, between each column of the bone's world matrix and the same
// column of R(θ)·S(sx, sy) (robust to mirrored scales: a flipped axis is 180° off), skipped for a
// column whose expected scale is below `ANGLE_MIN_SCALE` (a near-zero axis has no direction);
// scale = difference of column lengths from |sx|, |sy|; rgb = largest channel difference from
// the unquantised simulation colour; alpha likewise.
import type { ExpectedParticle } from './expected';
import type { ShownSlot } from './pose';

/** Channel names. */
export const CHANNELS = ['position', 'rotation', 'scale', 'rgb', 'alpha'] as const;
/** One channel. */
export type Channel = (typeof CHANNELS)[number];

/** Export spec §12.3: 0.1 px, 0.01°, 0.01 scale, 1/255 per colour channel, 0.01 alpha. */
export const SPEC_TOLERANCE: Record<Channel, number> = {
  position: 0.1,
  rotation: 0.01,
  scale: 0.01,
  rgb: 1 / 255,
  alpha: 0.01,
};

/** Below this |scale| an axis has no usable direction: its angle is not compared. */
export const ANGLE_MIN_SCALE = 1e-3;

/** Errors of one pair. */
export type PairErrors = Record<Channel, number> & { attachment: boolean };

/** Channel errors of slot `g` showing particle `e` (`path` = the attachment path `e` must show). */
export function pairErrors(g: ShownSlot, e: ExpectedParticle, path: string): PairErrors {
  const th = (e.rotationDeg * Math.PI) / 180;
  const [c, s] = [Math.cos(th), Math.sin(th)];
  const e0 = [e.scaleX * c, e.scaleX * s];
  const e1 = [-e.scaleY * s, e.scaleY * c];
  const g0 = [g.a, g.c];
  const g1 = [g.b, g.d];
  const angle = (u: number[], v: number[]) => (Math.atan2(Math.abs(u[0] * v[1] - u[1] * v[0]), u[0] * v[0] + u[1] * v[1]) * 180) / Math.PI;
  let rotation = 0;
  if (Math.abs(e.scaleX) >= ANGLE_MIN_SCALE) rotation = Math.max(rotation, angle(g0, e0));
  if (Math.abs(e.scaleY) >= ANGLE_MIN_SCALE) rotation = Math.max(rotation, angle(g1, e1));
  return {
    position: Math.hypot(g.x - e.x, g.y - e.y),
    rotation,
    scale: Math.max(Math.abs(Math.hypot(g0[0], g0[1]) - Math.abs(e.scaleX)), Math.abs(Math.hypot(g1[0], g1[1]) - Math.abs(e.scaleY))),
    rgb: Math.max(Math.abs(g.r - e.r), Math.abs(g.g - e.g), Math.abs(g.bl - e.b)),
    alpha: Math.abs(g.alpha - e.a),
    attachment: g.path !== path,
  };
}

function within(err: PairErrors, tol: Record<Channel, number>): boolean {
  return !err.attachment && CHANNELS.every((ch) => err[ch] <= tol[ch]);
}

/** Result of one system at one frame. */
export interface FrameComparison {
  /** Pairs compared, with their errors. */
  pairs: { g: ShownSlot; e: ExpectedParticle; err: PairErrors }[];
  /** Slots showing with no particle, particles not shown. */
  extraSlots: ShownSlot[];
  missing: ExpectedParticle[];
  /** Stacking inversions: slot `over` drawn over `under` while its particle is behind. */
  inversions: { over: ShownSlot; under: ShownSlot }[];
  /** Inversions not counted as errors because the system's blend commutes. */
  invisibleInversions: number;
  /** True when everything agrees within `tol`. */
  ok: boolean;
}

/** Compares one system's shown slots (draw order) with its expected particles (back to front);
 * `commutes`: the system's blend mode draws the same in any order (stacking not an error);
 * `track`: slot → particle id of the previous frame, updated with this frame's pairs. */
export function compareFrame(
  shown: ShownSlot[],
  expected: ExpectedParticle[],
  pathOf: (e: ExpectedParticle) => string,
  tol: Record<Channel, number>,
  commutes = false,
  track?: Map<string, string>,
): FrameComparison {
  const result = compareUntracked(shown, expected, pathOf, tol, commutes, track);
  if (track) {
    track.clear();
    for (const p of result.pairs) track.set(p.g.slot, p.e.id);
  }
  return result;
}

function compareUntracked(
  shown: ShownSlot[],
  expected: ExpectedParticle[],
  pathOf: (e: ExpectedParticle) => string,
  tol: Record<Channel, number>,
  commutes: boolean,
  track?: Map<string, string>,
): FrameComparison {
  // (A) order-consistent pairing.
  if (shown.length === expected.length) {
    const pairs = shown.map((g, i) => ({ g, e: expected[i], err: pairErrors(g, expected[i], pathOf(expected[i])) }));
    if (pairs.every((p) => within(p.err, tol))) {
      return { pairs, extraSlots: [], missing: [], inversions: [], invisibleInversions: 0, ok: true };
    }
  }
  // (H) the previous frame's pairs that still hold, then (B) matching by value.
  const match: [number, number][] = [];
  const heldG = new Set<number>();
  const heldE = new Set<number>();
  if (track && track.size > 0) {
    const byId = new Map(expected.map((e, i) => [e.id, i]));
    shown.forEach((g, gi) => {
      const ei = byId.get(track.get(g.slot) ?? '');
      if (ei === undefined || heldE.has(ei)) return;
      if (within(pairErrors(g, expected[ei], pathOf(expected[ei])), tol)) {
        match.push([gi, ei]);
        heldG.add(gi);
        heldE.add(ei);
      }
    });
  }
  const restG = shown.map((_, i) => i).filter((i) => !heldG.has(i));
  const restE = expected.map((_, i) => i).filter((i) => !heldE.has(i));
  for (const [g, e] of matchByValue(
    restG.map((i) => shown[i]),
    restE.map((i) => expected[i]),
    pathOf,
  )) {
    match.push([restG[g], restE[e]]);
  }
  const pairs = match.map(([gi, ei]) => ({ g: shown[gi], e: expected[ei], err: pairErrors(shown[gi], expected[ei], pathOf(expected[ei])) }));
  const usedG = new Set(match.map(([gi]) => gi));
  const usedE = new Set(match.map(([, ei]) => ei));
  const extraSlots = shown.filter((g, i) => !usedG.has(i) && g.alpha > tol.alpha);
  const missing = expected.filter((e, i) => !usedE.has(i) && e.a > tol.alpha);
  // Stacking: along the draw order (shown is back to front), expected ranks must rise.
  const rankOfE = new Map(expected.map((e, i) => [e, i]));
  const ordered = [...match].sort((p, q) => p[0] - q[0]);
  const inversions: FrameComparison['inversions'] = [];
  let best = -1;
  let bestG = -1;
  for (const [gi, ei] of ordered) {
    const rank = rankOfE.get(expected[ei])!;
    if (rank < best) inversions.push({ over: shown[gi], under: shown[bestG] });
    else {
      best = rank;
      bestG = gi;
    }
  }
  const invisibleInversions = commutes ? inversions.length : 0;
  if (commutes) inversions.length = 0;
  const ok = extraSlots.length === 0 && missing.length === 0 && inversions.length === 0 && pairs.every((p) => within(p.err, tol));
  return { pairs, extraSlots, missing, inversions, invisibleInversions, ok };
}

function valueCost(g: ShownSlot, e: ExpectedParticle, path: string): number {
  const err = pairErrors(g, e, path);
  return err.position / 0.1 + err.scale / 0.01 + err.rgb * 255 + err.alpha / 0.01 + Math.min(err.rotation, 180) + (err.attachment ? 10 : 0);
}

const CLUSTER_PX = 2;

/** Matches slots and particles by value (see the file comment); returns [slot, particle] index
 * pairs. */
function matchByValue(shown: ShownSlot[], expected: ExpectedParticle[], pathOf: (e: ExpectedParticle) => string): [number, number][] {
  const cell = (x: number, y: number) => `${Math.floor(x / CLUSTER_PX)},${Math.floor(y / CLUSTER_PX)}`;
  const grid = new Map<string, number[]>();
  expected.forEach((e, i) => {
    const key = cell(e.x, e.y);
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  });
  // Union-find over slots (0..G−1) and particles (G..G+E−1).
  const G = shown.length;
  const parent = Array.from({ length: G + expected.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  shown.forEach((g, gi) => {
    const cx = Math.floor(g.x / CLUSTER_PX);
    const cy = Math.floor(g.y / CLUSTER_PX);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const ei of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          const e = expected[ei];
          if (Math.hypot(g.x - e.x, g.y - e.y) <= CLUSTER_PX) parent[find(gi)] = find(G + ei);
        }
      }
    }
  });
  const clusters = new Map<number, { gs: number[]; es: number[] }>();
  for (let i = 0; i < parent.length; i++) {
    const r = find(i);
    let c = clusters.get(r);
    if (!c) clusters.set(r, (c = { gs: [], es: [] }));
    if (i < G) c.gs.push(i);
    else c.es.push(i - G);
  }
  const pairs: [number, number][] = [];
  const leftG: number[] = [];
  const leftE: number[] = [];
  for (const { gs, es } of clusters.values()) {
    if (gs.length === 0 || es.length === 0) {
      leftG.push(...gs);
      leftE.push(...es);
      continue;
    }
    const cost = gs.map((gi) => es.map((ei) => valueCost(shown[gi], expected[ei], pathOf(expected[ei]))));
    const assigned = gs.length <= 300 && es.length <= 300 ? hungarian(cost) : greedy(cost);
    const usedE = new Set<number>();
    assigned.forEach((col, row) => {
      if (col < 0) leftG.push(gs[row]);
      else {
        pairs.push([gs[row], es[col]]);
        usedE.add(col);
      }
    });
    es.forEach((ei, col) => {
      if (!usedE.has(col)) leftE.push(ei);
    });
  }
  // The rest: nearest first (reported as position errors).
  if (leftG.length > 0 && leftE.length > 0 && leftG.length * leftE.length <= 4e6) {
    const cost = leftG.map((gi) => leftE.map((ei) => Math.hypot(shown[gi].x - expected[ei].x, shown[gi].y - expected[ei].y)));
    greedy(cost).forEach((col, row) => {
      if (col >= 0) pairs.push([leftG[row], leftE[col]]);
    });
  }
  return pairs;
}

/** Greedy assignment (cheapest pairs first): column per row, −1 when none. */
function greedy(cost: number[][]): number[] {
  const cells: [number, number, number][] = [];
  cost.forEach((row, r) => row.forEach((v, c) => cells.push([v, r, c])));
  cells.sort((p, q) => p[0] - q[0]);
  const rowTo = cost.map(() => -1);
  const colUsed = new Set<number>();
  for (const [, r, c] of cells) {
    if (rowTo[r] >= 0 || colUsed.has(c)) continue;
    rowTo[r] = c;
    colUsed.add(c);
  }
  return rowTo;
}

/** Minimum-cost assignment (Hungarian method with potentials, O(n²·m)); rectangular matrices
 * are padded. Returns the column of each row, −1 for a row left out. */
export function hungarian(cost: number[][]): number[] {
  const rows = cost.length;
  const cols = rows === 0 ? 0 : cost[0].length;
  const n = Math.max(rows, cols);
  const at = (i: number, j: number) => (i < rows && j < cols ? cost[i][j] : 0);
  const INF = Number.POSITIVE_INFINITY;
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1);
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(INF);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = INF;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = at(i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  const rowTo = Array.from({ length: rows }, () => -1);
  for (let j = 1; j <= n; j++) {
    const i = p[j] - 1;
    if (i >= 0 && i < rows && j - 1 < cols) rowTo[i] = j - 1;
  }
  return rowTo;
}
