// Trails in the export (issue 12, export spec §9): every trail scene exported through the CLI,
// parsed and posed by spine-core 4.2.119 at every frame of every animation and compared by the
// fidelity oracle with the preview's own ribbons (`simulate --dump`): the chain nodes within
// 0.1 px, the mesh's world vertices (`computeWorldVertices`) within 0.5 px, the slot colour and
// the image — for a straight trail, a sharply bending one, one with width changing along its
// length and over life, one with a rotated, tiled image (its UVs checked against the documented
// mapping), one on rotating particles in a turned, unevenly scaled Local-space system, one whose
// image follows a vanishing flipbook (mesh switches within a life, hidden when the particle is),
// a seamless loop (first and last loop frames identical, trails included), and the three trail
// presets. Plus the structure:
// N bones per chain under the system bone, a bind pose that is not piled at the origin, weights
// summing to 1, bone indices into the bones array, no deform timeline.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MeshAttachment, MixBlend, MixDirection, Physics, Skeleton, type SkeletonData } from '@esotericsoftware/spine-core';
import { describe, expect, it } from 'vitest';
import { exportWithCli, parseExport, runOracle, type OracleReport } from './oracle/oracle';
import { TRAIL_TOLERANCE } from './oracle/trails';

const SCENES = join(import.meta.dirname, 'scenes/trails');
const PRESETS = join(import.meta.dirname, '../../presets');
const scene = (name: string) => (name.startsWith('preset:') ? join(PRESETS, name.slice(7)) : join(SCENES, name));

function faithful(name: string): { report: OracleReport; json: string; data: SkeletonData } {
  const { json } = exportWithCli(scene(name));
  const report = runOracle(scene(name), json);
  expect(report.errors, `${name}: ${report.errorCount} mismatches`).toEqual([]);
  expect(report.trailPairs).toBeGreaterThan(20);
  for (const ch of Object.keys(TRAIL_TOLERANCE) as (keyof typeof TRAIL_TOLERANCE)[]) {
    expect(report.trailWorst[ch].value, `${name} ${ch} at ${report.trailWorst[ch].where}`).toBeLessThanOrEqual(TRAIL_TOLERANCE[ch]);
  }
  return { report, json, data: parseExport(json) };
}

/** Trail slots and their mesh attachments in the default skin. */
function meshes(data: SkeletonData): { slot: string; bone: string; mesh: MeshAttachment }[] {
  const out: { slot: string; bone: string; mesh: MeshAttachment }[] = [];
  for (const e of data.defaultSkin?.getAttachments() ?? []) {
    if (e.attachment instanceof MeshAttachment) {
      const slot = data.slots[e.slotIndex];
      out.push({ slot: slot.name, bone: slot.boneData.name, mesh: e.attachment });
    }
  }
  return out;
}

describe('trails: exported chain and mesh = the preview ribbon (spine-core vs simulate --dump)', () => {
  const presets = ['preset:comet.json', 'preset:sword_slash.json', 'preset:firework_streaks.json'];
  for (const name of ['straight.json', 'bending.json', 'width.json', 'rotated_image.json', 'rotating_local.json', 'loop.json', 'flipbook_switch.json', ...presets]) {
    it(name, () => {
      const { report, json, data } = faithful(name);
      // Structure (§9.2–9.4, §5.2).
      const doc = JSON.parse(json);
      expect(json).not.toContain('"deform"');
      const sceneDoc = JSON.parse(readFileSync(scene(name), 'utf8'));
      const bonesPerTrail: number = sceneDoc.systems[0].trail.bones;
      const all = meshes(data);
      expect(all.length).toBeGreaterThan(0);
      for (const { bone, mesh } of all) {
        // The chain: N bones, each the only child of the previous, the first under the system bone.
        const chain = [data.findBone(bone)!];
        while (chain.length < 64) {
          const next = data.bones.find((b) => b.parent === chain[chain.length - 1]);
          if (!next) break;
          chain.push(next);
        }
        expect(chain.length).toBe(bonesPerTrail);
        expect(chain[0].parent?.parent?.name).toBe('root');
        expect(chain.slice(1).every((b) => b.x > 0 && b.length > 0)).toBe(true);
        // Weighted vertices: bone indices of this chain, weights summing to 1 within 1e-6.
        const indices = new Set(chain.map((b) => b.index));
        const bones = mesh.bones!;
        const vertices = mesh.vertices;
        let b = 0;
        let w = 0;
        for (let v = 0; v < mesh.worldVerticesLength / 2; v++) {
          const count = bones[b++];
          let sum = 0;
          for (let k = 0; k < count; k++, b++, w += 3) {
            expect(indices.has(bones[b])).toBe(true);
            sum += vertices[w + 2];
          }
          expect(Math.abs(sum - 1)).toBeLessThanOrEqual(1e-6);
        }
        expect(mesh.triangles.length % 3).toBe(0);
        expect(mesh.hullLength / 2).toBeGreaterThanOrEqual(4);
      }
      // Trail slots first in each system's block (behind its particles).
      const slots: { name: string }[] = doc.slots;
      const firstParticle = slots.findIndex((s) => !s.name.endsWith('_trail'));
      if (firstParticle >= 0) expect(slots.slice(firstParticle).every((s) => !s.name.endsWith('_trail'))).toBe(true);
      console.log(`${name}: ${report.trailPairs} trail pairs, worst node ${report.trailWorst.node.value.toFixed(4)} px, vertex ${report.trailWorst.vertex.value.toFixed(4)} px`);
    });
  }

  it('a rotated, tiled image: UVs follow the documented mapping', () => {
    // One particle straight to the right, width 24, 3 tiles, image turned 90°: a vertex at s along
    // (0 head → 1 tail) and c across (c > 0 on the left of the motion, up on screen) has, before
    // the turn, u = 1 − frac(3s) (1 at each tile's head end), v = ½ − c; turned 90°: (v, 1 − u).
    const { data } = faithful('rotated_image.json');
    const sk = new Skeleton(data);
    const anim = data.animations[0];
    anim.apply(sk, 0, Math.fround(0.8), false, [], 1, MixBlend.setup, MixDirection.mixIn);
    sk.updateWorldTransform(Physics.none);
    const slot = sk.slots.find((s) => s.getAttachment() instanceof MeshAttachment)!;
    const mesh = slot.getAttachment() as MeshAttachment;
    const world = new Array<number>(mesh.worldVerticesLength);
    mesh.computeWorldVertices(slot, 0, mesh.worldVerticesLength, world, 0, 2);
    const xs = world.filter((_, i) => i % 2 === 0);
    const [head, tail] = [Math.max(...xs), Math.min(...xs)];
    expect(head - tail).toBeGreaterThan(70);
    const y0 = slot.bone.worldY;
    let checked = 0;
    for (let i = 0; i < world.length / 2; i++) {
      const s = (head - world[2 * i]) / (head - tail);
      const c = (world[2 * i + 1] - y0) / 24; // Spine y up: the motion's left is +y.
      const t = 3 * s;
      if (Math.abs(t - Math.round(t)) < 1e-3 && Math.round(t) > 0 && Math.round(t) < 3) continue; // a seam: two vertices
      const u0 = 1 - (t - Math.floor(Math.min(t, 2.9999)));
      const v0 = 0.5 - c;
      const [u, v] = [v0, 1 - u0];
      expect(Math.abs(mesh.regionUVs[2 * i] - u), `vertex ${i} u`).toBeLessThan(1e-3);
      expect(Math.abs(mesh.regionUVs[2 * i + 1] - v), `vertex ${i} v`).toBeLessThan(1e-3);
      checked++;
    }
    // 9 columns of 2 vertices, the 4 of the two seams left out.
    expect(checked).toBe(10);
  });

  it('a loop: the first and last loop frames are identical, trails included', () => {
    const { data } = faithful('loop.json');
    const loop = data.findAnimation('cycle')!;
    const fps = 30;
    const frames = Math.round(loop.duration * fps);
    expect(frames).toBe(45);
    const shot = (frame: number) => {
      const sk = new Skeleton(data);
      loop.apply(sk, 0, Math.fround(frame / fps), false, [], 1, MixBlend.setup, MixDirection.mixIn);
      sk.updateWorldTransform(Physics.none);
      const out: string[] = [];
      for (const slot of sk.slots) {
        const a = slot.getAttachment();
        if (!(a instanceof MeshAttachment) || !(slot.color.a > 0)) continue;
        const world = new Array<number>(a.worldVerticesLength);
        a.computeWorldVertices(slot, 0, a.worldVerticesLength, world, 0, 2);
        out.push(`${slot.data.name} ${slot.color.toString()} ${world.map((v) => v.toFixed(2)).join(',')}`);
      }
      return out;
    };
    const first = shot(0);
    expect(first.length).toBeGreaterThan(2);
    expect(shot(frames)).toEqual(first);
  });
});

type Json = Record<string, any>;

/** Errors the oracle reports on the export of `name` after `change`. */
function mutated(name: string, change: (doc: Json) => void): string[] {
  const { json } = exportWithCli(scene(name));
  const doc = JSON.parse(json) as Json;
  change(doc);
  const r = runOracle(scene(name), JSON.stringify(doc), { limit: 100 });
  expect(r.errorCount).toBeGreaterThan(0);
  return r.errors;
}

describe('the trail check notices', () => {
  it('a chain 0.3 px off', () => {
    const errors = mutated('straight.json', (d) => {
      for (const key of d.animations.streaks.bones._particle_000_trail_1_0.translate) key.y = (key.y ?? 0) + 0.3;
    });
    expect(errors.some((e) => /trail _particle_000_trail particle \d+: node 0\.(2|3)/.test(e)), errors.join('\n')).toBe(true);
  });

  it('a mesh bound 1 px off', () => {
    const errors = mutated('bending.json', (d) => {
      const mesh = Object.values(d.skins[0].attachments._particle_000_trail)[0] as Json;
      mesh.vertices[2] += 1; // the first vertex's bind x
    });
    expect(errors.some((e) => /trail _particle_000_trail particle \d+: vertex (0\.9|1\.0)/.test(e)), errors.join('\n')).toBe(true);
  });

  it('a trail colour 3/255 off, and a trail left out', () => {
    const colour = mutated('width.json', (d) => {
      for (const key of d.animations.animation.slots._particle_001_trail.rgba) key.color = '05' + key.color.slice(2);
    });
    expect(colour.some((e) => /trail _particle_001_trail particle \d+: rgb/.test(e)), colour.join('\n')).toBe(true);
    const gone = mutated('width.json', (d) => {
      delete d.animations.animation.slots._particle_002_trail;
    });
    expect(gone.some((e) => /trails show, \d+ expected/.test(e)), gone.join('\n')).toBe(true);
  });

  it('a trail drawn over its particles', () => {
    const errors = mutated('straight.json', (d) => {
      const slots = d.slots as Json[];
      const i = slots.findIndex((s) => s.name === '_particle_000_trail');
      const [trail] = slots.splice(i, 1);
      slots.push(trail);
    });
    expect(errors.some((e) => /a trail of system bone Straight is drawn over one of its particles/.test(e)), errors.join('\n')).toBe(true);
  });
});
