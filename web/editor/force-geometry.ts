// Where the vortex and attractor centres of a system are on the canvas, and back: the canvas
// handles' geometry as pure functions.
//
// A centre `c` in `system` space is at `o + R·(sx·cx, sy·cy)` in the scene, with `o` the system's
// effective origin (its transform, or the followed bone plus offset), `R` its rotation (degrees
// clockwise, y down) and `(sx, sy)` its scale: the core's placement
// (crates/sp-sim/src/sim/integrate.rs, `centre_in_particle_space`). A `scene` centre is where it
// says. The radius is measured in the particles' space: scene pixels for World-space particles,
// system units (so scaled and turned with the system) for Local ones.

import type { ParticleSystem } from '../generated/contract';

/** One draggable centre of the selected system. */
export interface CentreHandle {
  /** Index in `forces`. */
  force: number;
  /** `vortex` or `attractor`. */
  kind: 'vortex' | 'attractor';
  /** Scene position, pixels. */
  scene: [number, number];
  /** Radius ellipse in scene pixels: half-axes and rotation (degrees clockwise). */
  radius: { rx: number; ry: number; rotationDeg: number };
  /** Space the document stores the centre in. */
  space: 'system' | 'scene';
}

function rotate(x: number, y: number, deg: number): [number, number] {
  const r = (deg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return [c * x - s * y, s * x + c * y];
}

/** Scene position of a centre stored as `c` in `space` of system `sys` whose origin is `origin`. */
export function centreToScene(sys: ParticleSystem, origin: [number, number], c: [number, number], space: 'system' | 'scene'): [number, number] {
  if (space === 'scene') return [c[0], c[1]];
  const t = sys.transform;
  const [x, y] = rotate(t.scaleX * c[0], t.scaleY * c[1], t.rotationDeg);
  return [origin[0] + x, origin[1] + y];
}

/** The stored value of a centre in `space` that puts it at scene point `p` (inverse of {@link centreToScene}). */
export function sceneToCentre(sys: ParticleSystem, origin: [number, number], p: [number, number], space: 'system' | 'scene'): [number, number] {
  if (space === 'scene') return [p[0], p[1]];
  const t = sys.transform;
  const [x, y] = rotate(p[0] - origin[0], p[1] - origin[1], -t.rotationDeg);
  return [t.scaleX !== 0 ? x / t.scaleX : 0, t.scaleY !== 0 ? y / t.scaleY : 0];
}

/** The vortex and attractor centres of `sys` (origin: its effective origin now). */
export function centreHandles(sys: ParticleSystem, origin: [number, number]): CentreHandle[] {
  const out: CentreHandle[] = [];
  const local = sys.space === 'local';
  const t = sys.transform;
  (sys.forces ?? []).forEach((f, force) => {
    if (f.kind !== 'vortex' && f.kind !== 'attractor') return;
    const c = f.kind === 'vortex' ? f.center : f.position;
    const space = f.space ?? 'system';
    const r = Math.max(0, f.radiusPx);
    out.push({
      force,
      kind: f.kind,
      scene: centreToScene(sys, origin, [c[0], c[1]], space),
      radius: local ? { rx: r * Math.abs(t.scaleX), ry: r * Math.abs(t.scaleY), rotationDeg: t.rotationDeg } : { rx: r, ry: r, rotationDeg: 0 },
      space,
    });
  });
  return out;
}
