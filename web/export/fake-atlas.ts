// An AttachmentLoader for spine-core 4.2 that needs no atlas file or texture: every region and
// mesh gets a fake 1×1 region covering the whole (absent) page. The export check parses with it
// (no atlas exists at export time), the comparison view poses with it, and tests use it too. It
// records every region path asked for, so tests can check what a real atlas would have been
// asked, and it can mimic AtlasAttachmentLoader's "Region not found in atlas" failure when given
// the atlas's region names. Bounding boxes, paths, points and clipping attachments need no region.
import {
  BoundingBoxAttachment,
  ClippingAttachment,
  MeshAttachment,
  PathAttachment,
  PointAttachment,
  RegionAttachment,
  TextureAtlasPage,
  TextureAtlasRegion,
  type AttachmentLoader,
  type Skin,
} from '@esotericsoftware/spine-core';

/** spine-core's `Sequence` (not exported by the package index). */
type Sequence = NonNullable<Parameters<AttachmentLoader['newRegionAttachment']>[3]>;

/** One region lookup made while loading a skeleton. */
export interface RegionRequest {
  /** The region path asked for (sequence frames expanded). */
  path: string;
  /** The attachment's name. */
  attachment: string;
  /** `region`, `mesh` or `sequence`. */
  kind: 'region' | 'mesh' | 'sequence';
}

/** A 1×1 atlas region named `name` on a fake page. */
export function fakeRegion(name: string, page = new TextureAtlasPage('fake.png')): TextureAtlasRegion {
  page.width = 1;
  page.height = 1;
  const region = new TextureAtlasRegion(page, name);
  region.u = 0;
  region.v = 0;
  region.u2 = 1;
  region.v2 = 1;
  region.width = 1;
  region.height = 1;
  region.originalWidth = 1;
  region.originalHeight = 1;
  region.degrees = 0;
  return region;
}

/** AttachmentLoader returning attachments with fake 1×1 regions (see the file comment). */
export class FakeAtlasAttachmentLoader implements AttachmentLoader {
  /** Every region path requested, in load order. */
  readonly requests: RegionRequest[] = [];
  private readonly page = new TextureAtlasPage('fake.png');
  private readonly regions = new Map<string, TextureAtlasRegion>();
  private readonly known: Set<string> | null;

  /**
   * @param regionNames when given, only these regions exist and any other path throws
   *   `Region not found in atlas: <path> (<kind> attachment: <name>)` like AtlasAttachmentLoader.
   */
  constructor(regionNames?: Iterable<string>) {
    this.known = regionNames ? new Set(regionNames) : null;
  }

  /** The fake region for `path` (one object per distinct path). */
  region(path: string, attachment: string, kind: RegionRequest['kind']): TextureAtlasRegion {
    this.requests.push({ path, attachment, kind });
    if (this.known && !this.known.has(path)) {
      const what = kind === 'sequence' ? 'sequence' : `${kind} attachment`;
      throw new Error(`Region not found in atlas: ${path} (${what}: ${attachment})`);
    }
    let region = this.regions.get(path);
    if (!region) {
      region = fakeRegion(path, this.page);
      this.regions.set(path, region);
    }
    return region;
  }

  private loadSequence(name: string, basePath: string, sequence: Sequence): void {
    for (let i = 0; i < sequence.regions.length; i++) {
      sequence.regions[i] = this.region(sequence.getPath(basePath, i), name, 'sequence');
    }
  }

  newRegionAttachment(_skin: Skin, name: string, path: string, sequence: Sequence | null): RegionAttachment {
    const attachment = new RegionAttachment(name, path);
    if (sequence) this.loadSequence(name, path, sequence);
    else attachment.region = this.region(path, name, 'region');
    return attachment;
  }

  newMeshAttachment(_skin: Skin, name: string, path: string, sequence: Sequence | null): MeshAttachment {
    const attachment = new MeshAttachment(name, path);
    if (sequence) this.loadSequence(name, path, sequence);
    else attachment.region = this.region(path, name, 'mesh');
    return attachment;
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
