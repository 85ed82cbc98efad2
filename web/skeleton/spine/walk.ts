// One pass over a posed skeleton's draw order, the way a spine-core renderer draws it: the world
// vertices, UVs and triangles of every visible region and mesh attachment, clipped by clipping
// attachments (SkeletonClipping: from the clipping slot up to its end slot, or to the end of the
// draw order), with the attachment's page, blend mode and colours.
//
// Colour = skeleton.color × slot.color × attachment.color (straight alpha, 0..1); dark colour =
// slot.darkColor (tint black) or null. An attachment whose colour alpha is 0 is not drawn. Shared
// by the bake (bake.ts) and the CPU reference path (cpu.ts), so both do the same work.

import {
  BlendMode,
  ClippingAttachment,
  MeshAttachment,
  RegionAttachment,
  SkeletonClipping,
  type NumberArrayLike,
  type Skeleton,
  type Slot,
  type TextureAtlasPage,
} from '@esotericsoftware/spine-core';

/** Blend mode names (spine-core's BlendMode order). */
export type BlendName = 'normal' | 'additive' | 'multiply' | 'screen';

const BLEND_NAMES: Record<BlendMode, BlendName> = {
  [BlendMode.Normal]: 'normal',
  [BlendMode.Additive]: 'additive',
  [BlendMode.Multiply]: 'multiply',
  [BlendMode.Screen]: 'screen',
};

/** One visible attachment's geometry, valid only during the visit callback. */
export interface Piece {
  /** The slot drawn. */
  slot: Slot;
  /** World vertices, x,y pairs (`vertexCount` pairs are valid). */
  positions: ArrayLike<number>;
  /** UVs, u,v pairs matching `positions`. */
  uvs: NumberArrayLike;
  /** Number of vertices. */
  vertexCount: number;
  /** Triangle vertex indices (`indexCount` are valid), relative to this piece. */
  triangles: NumberArrayLike;
  /** Number of indices. */
  indexCount: number;
  /** The atlas page of the attachment's region (after sequence frames are applied). */
  page: TextureAtlasPage;
  /** Blend mode of the slot. */
  blend: BlendName;
  /** Final colour r,g,b,a (0..1, straight alpha). */
  color: [number, number, number, number];
  /** Slot dark colour r,g,b or null. */
  dark: [number, number, number] | null;
}

const QUAD_TRIANGLES = [0, 1, 2, 2, 3, 0];

/** Reusable buffers of {@link walkDrawOrder}. */
export class DrawWalker {
  private readonly clipper = new SkeletonClipping();
  private world = new Float32Array(1024);

  private scratch(floats: number): Float32Array {
    if (this.world.length < floats) this.world = new Float32Array(Math.max(floats, this.world.length * 2));
    return this.world;
  }

  /**
   * Visits every visible region and mesh of `skeleton` (already posed with
   * `updateWorldTransform`) in draw order; returns the number of vertices visited.
   */
  walk(skeleton: Skeleton, visit: (piece: Piece) => void): number {
    const clipper = this.clipper;
    let total = 0;
    for (const slot of skeleton.drawOrder) {
      if (!slot.bone.active) {
        clipper.clipEndWithSlot(slot);
        continue;
      }
      const attachment = slot.getAttachment();
      let vertexCount: number;
      let triangles: NumberArrayLike;
      let uvs: NumberArrayLike;
      let positions: Float32Array;
      let attachmentColor: { r: number; g: number; b: number; a: number };
      let region;
      if (attachment instanceof RegionAttachment) {
        vertexCount = 4;
        positions = this.scratch(8);
        attachment.computeWorldVertices(slot, positions, 0, 2);
        triangles = QUAD_TRIANGLES;
        uvs = attachment.uvs;
        attachmentColor = attachment.color;
        region = attachment.region;
      } else if (attachment instanceof MeshAttachment) {
        vertexCount = attachment.worldVerticesLength >> 1;
        positions = this.scratch(attachment.worldVerticesLength);
        attachment.computeWorldVertices(slot, 0, attachment.worldVerticesLength, positions, 0, 2);
        triangles = attachment.triangles;
        uvs = attachment.uvs;
        attachmentColor = attachment.color;
        region = attachment.region;
      } else if (attachment instanceof ClippingAttachment) {
        clipper.clipStart(slot, attachment);
        continue;
      } else {
        clipper.clipEndWithSlot(slot);
        continue;
      }
      const page = (region as { page?: TextureAtlasPage } | null)?.page;
      const sk = skeleton.color;
      const sc = slot.color;
      const color: [number, number, number, number] = [
        sk.r * sc.r * attachmentColor.r,
        sk.g * sc.g * attachmentColor.g,
        sk.b * sc.b * attachmentColor.b,
        sk.a * sc.a * attachmentColor.a,
      ];
      if (page !== undefined && color[3] > 0) {
        let indexCount = triangles.length;
        if (clipper.isClipping()) {
          clipper.clipTrianglesUnpacked(positions, triangles, triangles.length, uvs);
          positions = Float32Array.from(clipper.clippedVertices);
          uvs = clipper.clippedUVs;
          triangles = clipper.clippedTriangles;
          vertexCount = clipper.clippedVertices.length >> 1;
          indexCount = clipper.clippedTriangles.length;
        }
        if (indexCount > 0) {
          const d = slot.darkColor;
          total += vertexCount;
          visit({
            slot,
            positions,
            uvs,
            vertexCount,
            triangles,
            indexCount,
            page,
            blend: BLEND_NAMES[slot.data.blendMode] ?? 'normal',
            color,
            dark: d === null ? null : [d.r, d.g, d.b],
          });
        }
      }
      clipper.clipEndWithSlot(slot);
    }
    clipper.clipEnd();
    return total;
  }
}
