// Which fields of the property panel show (web/particles/properties.ts): the rules for fields that
// matter only in some states, and the values that decide the panel's structure, so that it is
// rebuilt when one of them changes and only then (typing keeps its input).

import type { ParticleSystem } from '../document/types';

/** Fields shown only in some states, by relative path or path head. */
export const SHOWN_WHEN: Record<string, (s: ParticleSystem, rel: string) => boolean> = {
  animation: (s) => s.mode === 'oneShot',
  loopAnimations: (s) => s.mode === 'loopContinuous',
  trail: (s, rel) => rel === 'trail.enabled' || s.trail?.enabled === true,
  'trail.lengthSecs': (s) => s.trail?.enabled === true && s.trail.lengthMode !== 'points',
  'trail.lengthPoints': (s) => s.trail?.enabled === true && s.trail.lengthMode === 'points',
  'trail.tileCount': (s) => s.trail?.enabled === true && s.trail.textureMode === 'tile',
  // The legacy flag (older documents) only while it is on: the rotation mode menu shows its
  // effect ("follow velocity") and choosing another mode turns it off.
  alignToVelocity: (s) => s.alignToVelocity === true,
  // A collision field only with a response that reads it (behaviour/collision.rs): restitution and
  // friction shape a rebound (bounce, and pause, which continues with it), the pause its length,
  // the radius every response but none.
  'collision.restitution': (s) => ['bounce', 'pause'].includes(responseOf(s)),
  'collision.friction': (s) => ['bounce', 'pause'].includes(responseOf(s)),
  'collision.pauseSecs': (s) => responseOf(s) === 'pause',
  'collision.radiusPx': (s) => responseOf(s) !== 'none',
};

/** The system's collision response (the core's default, bounce, when unset). */
export function responseOf(s: ParticleSystem): string {
  return s.collision?.response ?? 'bounce';
}

/** Values that change which fields are shown (the panel is rebuilt when they change). */
const STRUCTURAL = new Set(['kind', 'mode', 'skeleton', 'bone', 'enabled', 'lengthMode', 'textureMode', 'alignToVelocity', 'edge', 'response']);

/** What decides the panel's structure: kinds, modes, list lengths, picked textures, follow (not
 * the other values, nor whether an optional value is written, so typing keeps its input). */
export function shapeOf(v: unknown, key = ''): unknown {
  if (Array.isArray(v)) return key === 'textures' || key === 'images' ? v : v.map((x) => shapeOf(x) ?? 0);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shapeOf(x, k)]).filter(([, x]) => x !== undefined));
  return STRUCTURAL.has(key) ? v : undefined;
}
