// The shared fake-atlas AttachmentLoader (web/export/fake-atlas.ts) loads every attachment
// type in spine-core 4.2.119 and records the region lookups a real atlas would get.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BoundingBoxAttachment,
  ClippingAttachment,
  MeshAttachment,
  PathAttachment,
  PointAttachment,
  RegionAttachment,
  Skeleton,
  SkeletonJson,
} from '@esotericsoftware/spine-core';
import { FakeAtlasAttachmentLoader } from '../../web/export/fake-atlas.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/spine');

const ALL_TYPES = JSON.stringify({
  skeleton: { spine: '4.2.22' },
  bones: [{ name: 'root' }],
  slots: ['r', 'm', 'b', 'p', 'pt', 'c', 'seq'].map((name) => ({ name, bone: 'root', attachment: name })),
  skins: [
    {
      name: 'default',
      attachments: {
        r: { r: { path: 'images/r', width: 4, height: 4 } },
        m: { m: { type: 'mesh', uvs: [0, 0, 1, 0, 0, 1], triangles: [0, 1, 2], vertices: [0, 0, 4, 0, 0, 4], hull: 3 } },
        b: { b: { type: 'boundingbox', vertexCount: 3, vertices: [0, 0, 1, 0, 0, 1] } },
        p: { p: { type: 'path', lengths: [1], vertexCount: 3, vertices: [0, 0, 1, 0, 2, 0] } },
        pt: { pt: { type: 'point', x: 1, y: 2, rotation: 30 } },
        c: { c: { type: 'clipping', end: 'r', vertexCount: 3, vertices: [0, 0, 1, 0, 0, 1] } },
        seq: { seq: { width: 2, height: 2, sequence: { count: 3, start: 1, digits: 2 } } },
      },
    },
  ],
});

describe('FakeAtlasAttachmentLoader', () => {
  it('creates every attachment type with 1x1 regions and records lookups', () => {
    const loader = new FakeAtlasAttachmentLoader();
    const data = new SkeletonJson(loader).readSkeletonData(ALL_TYPES);
    const skin = data.defaultSkin!;
    const at = (slot: string) => skin.getAttachment(data.findSlot(slot)!.index, slot);
    expect(at('r')).toBeInstanceOf(RegionAttachment);
    expect(at('m')).toBeInstanceOf(MeshAttachment);
    expect(at('b')).toBeInstanceOf(BoundingBoxAttachment);
    expect(at('p')).toBeInstanceOf(PathAttachment);
    expect(at('pt')).toBeInstanceOf(PointAttachment);
    expect(at('c')).toBeInstanceOf(ClippingAttachment);
    expect((at('r') as RegionAttachment).region?.width).toBe(1);
    expect(loader.requests).toEqual([
      { path: 'images/r', attachment: 'r', kind: 'region' },
      { path: 'm', attachment: 'm', kind: 'mesh' },
      { path: 'seq01', attachment: 'seq', kind: 'sequence' },
      { path: 'seq02', attachment: 'seq', kind: 'sequence' },
      { path: 'seq03', attachment: 'seq', kind: 'sequence' },
    ]);
    // The skeleton poses (world vertices need the regions' uvs).
    const skeleton = new Skeleton(data);
    skeleton.updateWorldTransform(2);
    const out = new Array<number>(8);
    (at('r') as RegionAttachment).computeWorldVertices(skeleton.slots[0], out, 0, 2);
    expect(out.every(Number.isFinite)).toBe(true);
  });

  it('throws like AtlasAttachmentLoader for a region the given atlas lacks', () => {
    expect(() => new SkeletonJson(new FakeAtlasAttachmentLoader(['m'])).readSkeletonData(ALL_TYPES)).toThrow(
      'Region not found in atlas: images/r (region attachment: r)',
    );
  });

  it('loads the official coin-pro and vine-pro 4.2 exports', () => {
    for (const name of ['coin-pro-4.2.json', 'vine-pro-4.2.json']) {
      const loader = new FakeAtlasAttachmentLoader();
      const data = new SkeletonJson(loader).readSkeletonData(readFileSync(join(FIXTURES, name), 'utf8'));
      expect(data.skins.length).toBeGreaterThan(0);
      expect(loader.requests.length).toBeGreaterThan(0);
    }
  });
});
