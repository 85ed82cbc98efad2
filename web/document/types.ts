// TypeScript mirror of the scene document (crates/sp-sim/src/document/*.rs, camelCase JSON).
// Rust is the authority: every document the editor keeps has gone through wasm `normalizeScene`.

/** `[min, max]`, drawn uniformly per particle. */
export interface Range {
  min: number;
  max: number;
}

/** System placement. */
export interface Transform2D {
  x: number;
  y: number;
  rotationDeg: number;
  scaleX: number;
  scaleY: number;
}

/** One key of a scalar curve over normalised life. */
export interface CurveKey {
  t: number;
  v: number;
}

/** One key of a colour gradient over normalised life. */
export interface ColorKey {
  t: number;
  color: string;
}

/** Emitter shapes (internally tagged by `kind`). */
export type EmitterShape =
  | { kind: 'point' }
  | { kind: 'circle'; radius: number; edge: boolean }
  | { kind: 'rect'; width: number; height: number; edge: boolean }
  | { kind: 'line'; length: number };

/** A burst of particles at a time. */
export interface Burst {
  timeSecs: number;
  count: number;
}

/** Flipbook playback mode. */
export type FlipbookMode = 'onceVanish' | 'onceHold' | 'loop' | 'reverseLoop';

/** Flipbook settings. */
export interface Flipbook {
  enabled: boolean;
  fps: number;
  mode: FlipbookMode;
}

/** Names of the three exported animations of a loop-continuous system. */
export interface LoopAnimations {
  start: string;
  loop: string;
  end: string;
}

/** How a system's overlapping particles stack (preview and export alike). */
export type DrawOrder = 'newestOnTop' | 'oldestOnTop';

/** Slot blend modes. */
export type BlendMode = 'normal' | 'additive' | 'multiply' | 'screen';
/** Simulation space. */
export type SimulationSpace = 'local' | 'world';
/** Play mode. */
export type PlayMode = 'oneShot' | 'loopContinuous';
/** Texture pick. */
export type TexturePick = 'random' | 'inOrder';

/** A bone of a loaded skeleton that a system follows (position only, plus the offset). */
export interface FollowBone {
  /** Skeleton object name (`skeletons[].name`). */
  skeleton: string;
  /** Bone name. */
  bone: string;
  /** Offset from the bone, scene px (right). */
  offsetX: number;
  /** Offset from the bone, scene px (down). */
  offsetY: number;
}

/** One particle system. */
export interface ParticleSystem {
  name: string;
  visible: boolean;
  animation: string;
  loopAnimations: LoopAnimations;
  seed: number;
  transform: Transform2D;
  space: SimulationSpace;
  mode: PlayMode;
  durationSecs: number;
  delaySecs: number;
  emitter: EmitterShape;
  ratePerSec: number;
  bursts: Burst[];
  maxParticles: number;
  lifetimeSecs: Range;
  speed: Range;
  directionDeg: number;
  spreadDeg: number;
  gravity: [number, number];
  damping: number;
  startRotationDeg: Range;
  angularVelocityDeg: Range;
  alignToVelocity: boolean;
  startScale: Range;
  scaleCurve: CurveKey[];
  colorGradient: ColorKey[];
  alphaCurve: CurveKey[];
  textures: string[];
  texturePick: TexturePick;
  flipbook: Flipbook;
  anchor: [number, number];
  blend: BlendMode;
  /** Stacking of overlapping particles; absent means newest on top (the default). */
  drawOrder?: DrawOrder;
  /** The followed bone; absent when the system follows nothing. */
  follow?: FollowBone | null;
}

/** An image referenced by the scene. */
export interface ImageAsset {
  path: string;
  width: number;
  height: number;
}

/** Global export settings. */
export interface ExportSettings {
  imagesPath: string;
  spineVersion: '4.2';
  curve: 'linear' | 'bezier';
  fps: number;
  omitFps: boolean;
  integerFrames: boolean;
  bonePool: boolean;
  excludeEmptyAnimations: boolean;
  fileName: string;
}

/** A loaded Spine skeleton placed in the scene (never exported). Its files are kept by the page
 * under `key` (web/skeleton/object/store.ts); instances are drawn at the transform's (x, y) and at each
 * of `extraInstances`. */
export interface SkeletonObject {
  /** Unique among the scene's skeletons (systems follow a skeleton by name). */
  name: string;
  path: string;
  atlas: string;
  key: string;
  transform: Transform2D;
  animation: string;
  /** Empty: the default skin. */
  skin: string;
  visible: boolean;
  /** Scale applied while loading. */
  scale: number;
  /** Playback speed against the scene timeline. */
  speed: number;
  loop: boolean;
  bakeFps: number;
  extraInstances: [number, number][];
  /** Sample the atlas pages trilinearly through mipmaps. */
  mipmaps: boolean;
}

/** The whole scene document. Models are kept as opaque JSON. */
export interface Scene {
  version: number;
  animations: string[];
  systems: ParticleSystem[];
  images: ImageAsset[];
  export: ExportSettings;
  skeletons: SkeletonObject[];
  models: unknown[];
}

/** Prefix of built-in texture references. */
export const BUILTIN_PREFIX = 'builtin:';
