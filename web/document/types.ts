// The scene document's types are the generated contract's (web/generated/contract.ts, from the
// Rust types by ts-rs): the document a page holds is what Rust reads and writes.

export type {
  BlendMode,
  Burst,
  ColorKey,
  CurveKey,
  DrawOrder,
  EmitterShape,
  ExportSettings,
  ExtraInstance,
  Flipbook,
  FlipbookMode,
  FollowBone,
  ImageAsset,
  LoopAnimations,
  ModelMarker,
  ModelObject,
  ParticleSystem,
  PlayMode,
  Range,
  Scene,
  SimulationSpace,
  SkeletonObject,
  TexturePick,
  Transform2D,
} from '../generated/contract';

/** Prefix of built-in texture references (`builtin:soft_dot`). */
export const BUILTIN_PREFIX = 'builtin:';
