// The falling system the collider tests drop onto a line (colliders.test.ts, colliders-ui.test.ts):
// white soft dots (64 px at scale 0.3) emitted along a 200 px line at scene y = −100, falling
// under gravity 600 px/s² from rest; `over` replaces fields (rate, life, collision response…).

/** The `drops` system with `over` applied. */
export function fallingDrops(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'drops',
    seed: 7,
    transform: { x: 0, y: -100 },
    emitter: { kind: 'line', length: 200 },
    ratePerSec: 60,
    maxParticles: 300,
    lifetimeSecs: { min: 3, max: 3 },
    speed: { min: 0, max: 0 },
    gravity: [0, 600],
    startScale: { min: 0.3, max: 0.3 },
    colorGradient: [{ t: 0, color: '#ffffff' }],
    alphaCurve: [{ t: 0, v: 1 }],
    textures: ['builtin:soft_dot'],
    blend: 'additive',
    collision: { response: 'stop', restitution: 0.5, friction: 0, pauseSecs: 0.5, radiusPx: 0 },
    ...over,
  };
}
