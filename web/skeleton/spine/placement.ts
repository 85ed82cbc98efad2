// Where a point of a placed skeleton instance lands in the scene: the renderer's clip-instance
// formula (crates/sp-wasm/src/clip_arrays/instances.rs `Placement::instance`, the one MS3D models
// and skeletons are drawn with), in TypeScript for what the page computes itself (bone tracks):
//
//   scene = (x, y) + R(θ)·(scaleX·mx, scaleY·my),   R(θ) = [cos θ  −sin θ; sin θ  cos θ]
//
// in editor axes: (mx, my) is the point in the instance's own space with y down (a Spine point
// (sx, sy) is (sx, editorY(sy)), axes.ts), θ is `rotationDeg` clockwise on screen, a negative
// scaleX mirrors the instance left ↔ right about its position. Rotation 0 and scale 1 (the
// defaults, and every document from before rotation and scale were applied) give (x + mx, y + my).

/** An instance's placement in the scene (the object's transform; absent fields: 0°, scale 1). */
export interface InstancePlacement {
  /** Scene position, pixels, y down. */
  x: number;
  /** Scene position, pixels, y down. */
  y: number;
  /** Rotation about (x, y), degrees, clockwise on screen. */
  rotationDeg?: number;
  /** Horizontal scale (negative: mirrored). */
  scaleX?: number;
  /** Vertical scale. */
  scaleY?: number;
}

/** Scene point of instance point (mx, my) (editor axes, y down) under `place` (see the file comment). */
export function placePoint(place: InstancePlacement, mx: number, my: number): [number, number] {
  const theta = ((place.rotationDeg ?? 0) * Math.PI) / 180;
  const [c, s] = [Math.cos(theta), Math.sin(theta)];
  const ax = (place.scaleX ?? 1) * mx;
  const ay = (place.scaleY ?? 1) * my;
  return [place.x + (c * ax - s * ay), place.y + (s * ax + c * ay)];
}

/** Throws, naming the field, when a number of `place` is not finite. */
export function checkPlacement(place: InstancePlacement): void {
  for (const [name, v] of [['x', place.x], ['y', place.y], ['rotationDeg', place.rotationDeg ?? 0], ['scaleX', place.scaleX ?? 1], ['scaleY', place.scaleY ?? 1]] as const) {
    if (!Number.isFinite(v)) throw new Error(`instance ${name} ${v} is not a finite number`);
  }
}
