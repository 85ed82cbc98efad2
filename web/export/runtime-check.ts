// Parses an exported skeleton with the official runtime (@esotericsoftware/spine-core 4.2.119)
// before anything is downloaded (export spec §16.2). No atlas exists at export time, so the
// attachment loader gives every region a 1×1 placeholder region; everything else (bones,
// slots, skins, every timeline) is read exactly as a game would read it.
import {
  BoundingBoxAttachment,
  ClippingAttachment,
  MeshAttachment,
  PathAttachment,
  PointAttachment,
  RegionAttachment,
  SkeletonJson,
  TextureAtlasPage,
  TextureAtlasRegion,
  type AttachmentLoader,
  type Skin,
} from '@esotericsoftware/spine-core';

type Sequence = NonNullable<Parameters<AttachmentLoader['newRegionAttachment']>[3]>;

/** An AttachmentLoader that needs no atlas (every region is a 1×1 placeholder). */
export class AtlasFreeLoader implements AttachmentLoader {
  private readonly page = new TextureAtlasPage('export-check.png');
  private readonly regions = new Map<string, TextureAtlasRegion>();

  private region(path: string): TextureAtlasRegion {
    let region = this.regions.get(path);
    if (!region) {
      this.page.width = 1;
      this.page.height = 1;
      region = new TextureAtlasRegion(this.page, path);
      region.u = 0;
      region.v = 0;
      region.u2 = 1;
      region.v2 = 1;
      region.width = 1;
      region.height = 1;
      region.originalWidth = 1;
      region.originalHeight = 1;
      this.regions.set(path, region);
    }
    return region;
  }

  private sequence(basePath: string, sequence: Sequence): void {
    for (let i = 0; i < sequence.regions.length; i++) sequence.regions[i] = this.region(sequence.getPath(basePath, i));
  }

  newRegionAttachment(_skin: Skin, name: string, path: string, sequence: Sequence | null): RegionAttachment {
    const a = new RegionAttachment(name, path);
    if (sequence) this.sequence(path, sequence);
    else a.region = this.region(path);
    return a;
  }

  newMeshAttachment(_skin: Skin, name: string, path: string, sequence: Sequence | null): MeshAttachment {
    const a = new MeshAttachment(name, path);
    if (sequence) this.sequence(path, sequence);
    else a.region = this.region(path);
    return a;
  }

  newBoundingBoxAttachment(_skin: Skin, name: string): BoundingBoxAttachment {
    return new BoundingBoxAttachment(name);
  }

  newPathAttachment(_skin: Skin, name: string): PathAttachment {
    return new PathAttachment(name);
  }

  newPointAttachment(_skin: Skin, name: string): PointAttachment {
    return new PointAttachment(name);
  }

  newClippingAttachment(_skin: Skin, name: string): ClippingAttachment {
    return new ClippingAttachment(name);
  }
}

/** What the runtime read. */
export interface RuntimeCheck {
  bones: number;
  slots: number;
  animations: { name: string; durationSecs: number }[];
}

/** Every number a key or setup value holds must be finite once read (NaN would play silently). */
function firstNonFinite(data: ReturnType<SkeletonJson['readSkeletonData']>): string | null {
  for (const b of data.bones) {
    for (const k of ['x', 'y', 'rotation', 'scaleX', 'scaleY'] as const) {
      if (!Number.isFinite(b[k])) return `bones.${b.name}.${k}`;
    }
  }
  for (const a of data.animations) {
    if (!Number.isFinite(a.duration)) return `animations.${a.name} (duration)`;
    for (const t of a.timelines) {
      for (let i = 0; i < t.frames.length; i++) {
        if (!Number.isFinite(t.frames[i])) return `animations.${a.name} (${t.constructor.name} key value ${i})`;
      }
    }
  }
  return null;
}

/**
 * Parses `json` with spine-core; throws an `Error` whose message says where it failed
 * ("spine-core could not read the export: …").
 */
export function checkWithSpineRuntime(json: string): RuntimeCheck {
  let data;
  try {
    data = new SkeletonJson(new AtlasFreeLoader()).readSkeletonData(json);
  } catch (e) {
    throw new Error(`spine-core could not read the export: ${e instanceof Error ? e.message : String(e)}`);
  }
  const bad = firstNonFinite(data);
  if (bad !== null) throw new Error(`spine-core read a non-finite number at ${bad}`);
  return {
    bones: data.bones.length,
    slots: data.slots.length,
    animations: data.animations.map((a) => ({ name: a.name, durationSecs: a.duration })),
  };
}
