// The spine-core port: the only place the editor's skeleton lane calls the official Spine runtime
// (@esotericsoftware/spine-core 4.2; the export check and the compare view in web/export/ read
// exports with it separately). The rest of the page imports this module, never its files.
//
// Contract (plain data in, plain data out; no DOM, no engine, no document):
//   load   skeleton file (JSON text or .skel bytes) + atlas text + page sizes + load scale
//          → LoadedSkeleton (spine-core's SkeletonData and atlas, for read-only queries:
//          animation, skin, bone and page names);
//   bake   LoadedSkeleton + animation + skin + bake rate → BakedAnimation (every frame's
//          visible regions and meshes, world vertices, colours, blend, draw order);
//   clip   BakedAnimation → VertexClipArrays for the renderer's `addVertexClip`, positions in
//          editor scene pixels (y down: Spine's y up is flipped here), and `writeInstances`
//          values for `setClipInstanceArray`;
//   follow LoadedSkeleton + bone + placement (position, rotation, scale) + animation, speed,
//          loop → BoneTrackJson for `setFollowTracks` (scene pixels, y down, at the bake frames);
//   place  an instance's transform → where a point of it lands in the scene (the renderer's
//          clip-instance formula).
// Errors are thrown as Errors whose messages name the animation, skin, bone or atlas page; a
// skeleton spine-core cannot load throws a SkeletonLoadError (an unusable atlas an AtlasLoadError),
// whose `problem` says why as data (the file ends early, is corrupt, or names what spine-core could
// not find) for the page to word.

export { DEFAULT_BAKE_FPS, bakeAnimation, type BakedAnimation, type BakeOptions, type StepsCovering } from './bake';
export { PER_INSTANCE, clipOptionsJson, toVertexClip, writeInstance, writeInstances, type ClipInstanceValues, type ClipLimit, type VertexClipArrays } from './clip';
export { followDocument, sampleBoneTrack, trackPeriodSecs, type BoneTrackJson, type TrackRequest } from './follow-track';
export { checkPlacement, placePoint, type InstancePlacement } from './placement';
export {
  AtlasLoadError,
  isJsonSkeleton,
  loadAtlas,
  loadProblem,
  loadSkeleton,
  SkeletonLoadError,
  type AtlasLoadProblem,
  type LoadedSkeleton,
  type LoadOptions,
  type PageSize,
  type SkeletonLoadProblem,
} from './load';
