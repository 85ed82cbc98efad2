// The fidelity oracle (issue 13 §1–§2): an exported skeleton, posed by spine-core 4.2.119 at
// every frame of every animation, against the preview's own simulation (`simulate --dump`, and
// for loop-continuous systems `simulate --segment start|loop|end`),
// system by system, as sets of shown slots vs visible particles (compare.ts), with the stacking
// of the shown slots against the simulation's draw order. It shares no code with the exporter:
// the expected frames are built in expected.ts from the documented rules.
//
// Stacking: an inversion (a slot drawn over another whose particle the preview draws on top) is
// an error in a normal-blend system. In additive, multiply and screen systems it cannot be seen:
// with premultiplied alpha (spine-webgl 4.2's blend table, which the preview uses) they draw
// d + s₁ + s₂, d·(s₁ + 1 − α₁)·(s₂ + 1 − α₂) and 1 − (1 − d)(1 − s₁)(1 − s₂), the same in any
// order; those inversions are counted (`invisibleInversions`), not failed.
//
// Frames: 0..N of each animation (N = duration·fps), and N + 1 after an animation holding only
// one-shot systems and end segments (nothing may still show there: no life cut short, §11.4).
//
// Trails (trails.ts): the trail slots a system bone shows against the trails of its visible
// particles (chain nodes 0.1 px, mesh vertices 0.5 px, colour, image), every trail drawn behind
// the system's particles; a system whose trail hides its particles must show no particle slot.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MeshAttachment, RegionAttachment, SkeletonJson, type SkeletonData } from '@esotericsoftware/spine-core';
import { FakeAtlasAttachmentLoader } from '../../../web/export/fake-atlas';
import { CHANNELS, SPEC_TOLERANCE, compareFrame, type Channel } from './compare';
import {
  attachmentPath,
  EXPECTED_SOURCE,
  plainFramesNeeded,
  segmentFramesNeeded,
  timelineFramesNeeded,
  tracks,
  type ExpectedParticle,
  type ExpectedSource,
  type Segment,
  type SimRuns,
} from './expected';
import { Poser } from './pose';
import { drawsParticles, hasTrail, loadScene, simulate } from './sim';
import { TRAIL_TOLERANCE, compareTrails, type TrailChannel } from './trails';
import { cliPath } from '../../support/cli';

/** The worst error seen in one channel, and where. */
export interface Worst {
  value: number;
  where: string;
}

/** A loop segment whose export differs from what the canvas shows at the same place. */
export interface PreviewDifference {
  animation: string;
  system: string;
  segment: Segment;
  /** First animation frame that differs, and how. */
  frame: number;
  detail: string;
}

/** What the oracle found for one export. */
export interface OracleReport {
  fps: number;
  animations: number;
  /** Frames posed (all animations). */
  frames: number;
  /** Slot–particle pairs compared. */
  pairs: number;
  /** System frames with two or more shown slots whose stacking was checked. */
  stacked: number;
  /** Stacking inversions in additive, multiply or screen systems (invisible, see above). */
  invisibleInversions: number;
  worst: Record<Channel, Worst>;
  /** Every mismatch (capped at `limit` messages; `errorCount` counts all). */
  errors: string[];
  errorCount: number;
  /** Loop segments that differ from what the canvas shows on its timeline. */
  previewDifferences: PreviewDifference[];
  /** Trail slot–trail pairs compared (trails.ts). */
  trailPairs: number;
  /** The worst trail errors. */
  trailWorst: Record<TrailChannel, Worst>;
  /** Milliseconds spent simulating (CLI) and posing + comparing. */
  simulateMs: number;
  compareMs: number;
}

/** Options of one oracle run. */
export interface OracleOptions {
  /** Messages kept (default 20). */
  limit?: number;
  /** Tolerances (default: the spec's). */
  tolerance?: Record<Channel, number>;
  /** Where the loop segments come from (default: `simulate --segment`). */
  source?: ExpectedSource;
}

/** Parses a skeleton with the official runtime (no atlas: fake 1×1 regions). */
export function parseExport(json: string): SkeletonData {
  return new SkeletonJson(new FakeAtlasAttachmentLoader()).readSkeletonData(json);
}

const fmt = (v: number) => (Math.abs(v) < 1e-3 && v !== 0 ? v.toExponential(2) : v.toFixed(4));

/** Runs the oracle on `exportJson`, the export of the scene file `scenePath`. */
export function runOracle(scenePath: string, exportJson: string, options: OracleOptions = {}): OracleReport {
  const limit = options.limit ?? 20;
  const tol = options.tolerance ?? SPEC_TOLERANCE;
  const scene = loadScene(scenePath);
  const fps = scene.export.fps;
  const data = parseExport(exportJson);
  const errors: string[] = [];
  let errorCount = 0;
  const fail = (message: string) => {
    errorCount++;
    if (errors.length < limit) errors.push(message);
  };
  const worst = Object.fromEntries(CHANNELS.map((c) => [c, { value: 0, where: '' }])) as Record<Channel, Worst>;
  const frameCount = new Map(data.animations.map((a) => [a.name, Math.round(a.duration * fps)]));

  const t0 = performance.now();
  const source = options.source ?? EXPECTED_SOURCE;
  const runs: SimRuns = { timeline: simulate(scenePath, fps, timelineFramesNeeded(scene, frameCount)) };
  if (scene.systems.some((s) => s.visible && s.mode === 'loopContinuous')) {
    if (source === 'construction') {
      runs.plain = simulate(scenePath, fps, plainFramesNeeded(scene), 'plain');
    } else {
      const n = segmentFramesNeeded(scene, frameCount);
      runs.segments = {
        start: simulate(scenePath, fps, n.start, 'start'),
        loop: simulate(scenePath, fps, n.loop, 'loop'),
        end: simulate(scenePath, fps, n.end, 'end'),
      };
    }
  }
  const simulateMs = performance.now() - t0;

  const poser = new Poser(data);
  const visible = scene.systems.map((s, i) => ({ s, i })).filter(({ s }) => s.visible);
  if (poser.systemBones.length !== visible.length) {
    fail(`${poser.systemBones.length} system bones for ${visible.length} visible systems`);
  }
  const boneOfSystem = new Map(visible.map(({ i }, k) => [i, k]));
  staticChecks(data, poser, visible, fail);

  const all = tracks(scene, runs, source);
  const paths = new Map<string, string>();
  const pathOf = (e: ExpectedParticle) => {
    const key = e.texture ?? '';
    let p = paths.get(key);
    if (p === undefined) paths.set(key, (p = e.texture === null ? '' : attachmentPath(e.texture, scene.export.imagesPath)));
    return p;
  };
  const names = new Set(data.animations.map((a) => a.name));
  for (const t of all) {
    if (names.has(t.animation)) continue;
    // An animation left out must have had nothing to show.
    if (t.segment !== 'loop' && t.at(0).length > 0) fail(`animation ${t.animation} (${scene.systems[t.system].name}) missing from the export`);
  }

  let frames = 0;
  let pairs = 0;
  let trailPairs = 0;
  const trailWorst = Object.fromEntries(Object.keys(TRAIL_TOLERANCE).map((c) => [c, { value: 0, where: '' }])) as Record<TrailChannel, Worst>;
  const trailPath = (image: string | null) => (image === null ? '' : attachmentPath(image, scene.export.imagesPath));
  let stacked = 0;
  let invisibleInversions = 0;
  const previewDifferences: PreviewDifference[] = [];
  const t1 = performance.now();
  for (const animation of data.animations) {
    const n = frameCount.get(animation.name)!;
    const mine = all.filter((t) => t.animation === animation.name);
    const holdsAfterEnd = mine.every((t) => t.segment === 'oneShot' || t.segment === 'end');
    const last = holdsAfterEnd ? n + 1 : n;
    const previewSeen = new Set<string>();
    const tracking = new Map<number, Map<string, string>>();
    for (let u = 0; u <= last; u++) {
      frames++;
      const posed = poser.pose(animation, u, fps);
      // Every trail slot of a system is drawn behind all of its particle slots.
      posed.trails.forEach((shown, bone) => {
        const front = Math.max(-1, ...shown.map((g) => g.drawPos));
        const particles = posed.systems[bone] ?? [];
        if (particles.some((g) => g.drawPos < front)) {
          fail(`${animation.name} frame ${u}: a trail of system bone ${poser.systemBones[bone]} is drawn over one of its particles`);
        }
      });
      for (let k = 1; k < posed.systemOrder.length; k++) {
        if (posed.systemOrder[k] < posed.systemOrder[k - 1]) {
          fail(`${animation.name} frame ${u}: a slot of system bone ${poser.systemBones[posed.systemOrder[k]]} is drawn over one of ${poser.systemBones[posed.systemOrder[k - 1]]} (systems draw in scene order)`);
          break;
        }
      }
      const covered = new Set<number>();
      for (const t of mine) {
        const bone = boneOfSystem.get(t.system);
        if (bone === undefined) continue;
        covered.add(bone);
        const name = scene.systems[t.system].name;
        const where = `${animation.name} frame ${u} system ${name}`;
        const shown = posed.systems[bone] ?? [];
        const visibleNow = t.at(u);
        // A system whose trail hides the particles exports no particle slot.
        const expected = drawsParticles(scene.systems[t.system]) ? visibleNow : [];
        if (hasTrail(scene.systems[t.system])) {
          const tc = compareTrails(posed.trails[bone] ?? [], visibleNow, trailPath);
          trailPairs += tc.pairs.length;
          for (const p of tc.pairs) {
            for (const ch of Object.keys(TRAIL_TOLERANCE) as TrailChannel[]) {
              if (p.err[ch] > trailWorst[ch].value) trailWorst[ch] = { value: p.err[ch], where: `${where} slot ${p.g.slot} particle ${p.e.id}` };
            }
            const bad = (Object.keys(TRAIL_TOLERANCE) as TrailChannel[]).filter((ch) => p.err[ch] > TRAIL_TOLERANCE[ch]);
            if (bad.length > 0) fail(`${where} trail ${p.g.slot} particle ${p.e.id}: ${bad.map((ch) => `${ch} ${fmt(p.err[ch])}`).join(', ')}`);
            if (p.image) fail(`${where} trail ${p.g.slot}: shows ${p.g.path}, particle ${p.e.id}'s trail shows ${trailPath(p.e.trail!.image)}`);
          }
          if (tc.extra.length + tc.missing.length > 0) {
            fail(`${where}: ${(posed.trails[bone] ?? []).length} trails show, ${visibleNow.filter((e) => e.trail).length} expected (extra ${tc.extra.slice(0, 3).map((g) => g.slot).join(',')}; missing ${tc.missing.slice(0, 3).map((e) => e.id).join(',')})`);
          }
        } else if ((posed.trails[bone] ?? []).length > 0) {
          fail(`${where}: shows trails but the system has none`);
        }
        const commutes = scene.systems[t.system].blend !== 'normal';
        let track = tracking.get(t.system);
        if (!track) tracking.set(t.system, (track = new Map()));
        const c = compareFrame(shown, expected, pathOf, tol, commutes, track);
        invisibleInversions += c.invisibleInversions;
        pairs += c.pairs.length;
        if (shown.length > 1) stacked++;
        for (const p of c.pairs) {
          for (const ch of CHANNELS) {
            if (p.err[ch] > worst[ch].value) worst[ch] = { value: p.err[ch], where: `${where} slot ${p.g.slot} particle ${p.e.id}` };
          }
        }
        if (!c.ok) {
          if (c.extraSlots.length > 0 || c.missing.length > 0) {
            fail(`${where}: ${shown.length} slots show, ${expected.length} particles visible (extra ${c.extraSlots.slice(0, 3).map((g) => g.slot).join(',')}; missing ${c.missing.slice(0, 3).map((e) => e.id).join(',')})`);
          }
          for (const p of c.pairs) {
            const bad = CHANNELS.filter((ch) => p.err[ch] > tol[ch]);
            if (p.err.attachment) fail(`${where} slot ${p.g.slot}: shows ${p.g.path}, particle ${p.e.id} shows ${pathOf(p.e)}`);
            if (bad.length > 0) fail(`${where} slot ${p.g.slot} particle ${p.e.id}: ${bad.map((ch) => `${ch} ${fmt(p.err[ch])}`).join(', ')}`);
          }
          for (const inv of c.inversions.slice(0, 3)) {
            fail(`${where}: slot ${inv.over.slot} is drawn over ${inv.under.slot} but its particle belongs behind (${scene.systems[t.system].drawOrder ?? 'newestOnTop'})`);
          }
        }
        // What the canvas shows at the segment's place on its timeline: recorded, asserted by the
        // tests (it must equal the export).
        const key = `${t.system}/${t.segment}`;
        if (t.segment !== 'oneShot' && !previewSeen.has(key)) {
          const canvasAll = t.preview(u);
          if (canvasAll !== null) {
            // The canvas's particles as the export draws them, and their trails.
            const canvas = drawsParticles(scene.systems[t.system]) ? canvasAll : [];
            const p = compareFrame(shown, canvas, pathOf, tol, commutes);
            let trailDetail: string | null = null;
            if (hasTrail(scene.systems[t.system])) {
              const tc = compareTrails(posed.trails[bone] ?? [], canvasAll, trailPath);
              const over = (Object.keys(TRAIL_TOLERANCE) as TrailChannel[]).filter((ch) => tc.pairs.some((q) => q.err[ch] > TRAIL_TOLERANCE[ch]));
              if (tc.extra.length + tc.missing.length > 0) trailDetail = `${(posed.trails[bone] ?? []).length} trails shown vs ${canvasAll.filter((e) => e.trail).length} on the canvas`;
              else if (over.length > 0) trailDetail = `trail ${over.join(', ')} beyond tolerance`;
              else if (tc.pairs.some((q) => q.image)) trailDetail = 'trail image';
            }
            if (!p.ok || trailDetail !== null) {
              previewSeen.add(key);
              const over = CHANNELS.filter((ch) => p.pairs.some((q) => q.err[ch] > tol[ch]));
              const detail =
                p.ok
                  ? trailDetail!
                  : p.extraSlots.length + p.missing.length > 0
                    ? `${shown.length} shown vs ${canvas.length} on the canvas`
                    : p.inversions.length > 0
                      ? 'stacking'
                      : over.length > 0
                        ? `${over.join(', ')} beyond tolerance (position up to ${fmt(Math.max(...p.pairs.map((q) => q.err.position)))} px)`
                        : 'attachment';
              previewDifferences.push({ animation: animation.name, system: name, segment: t.segment, frame: u, detail });
            }
          }
        }
      }
      // Systems with no track in this animation show nothing.
      posed.systems.forEach((shown, bone) => {
        if (!covered.has(bone) && shown.length > 0) fail(`${animation.name} frame ${u}: system bone ${poser.systemBones[bone]} shows ${shown.length} slots but writes nothing into this animation`);
      });
    }
  }
  return {
    fps,
    animations: data.animations.length,
    frames,
    pairs,
    stacked,
    invisibleInversions,
    worst,
    errors,
    errorCount,
    previewDifferences,
    trailPairs,
    trailWorst,
    simulateMs,
    compareMs: performance.now() - t1,
  };
}

/** Blend mode of every particle slot, and region offsets from the anchor (export spec §8.4:
 * x = (0.5 − ax)·width, y = (ay − 0.5)·height). */
function staticChecks(
  data: SkeletonData,
  poser: Poser,
  visible: { s: { name: string; blend: string; anchor: [number, number]; trail?: { blend?: string } } }[],
  fail: (m: string) => void,
): void {
  const blendName = ['normal', 'additive', 'multiply', 'screen'];
  const skin = data.defaultSkin;
  for (const slot of data.slots) {
    const parent = slot.boneData.parent;
    const system = parent ? poser.systemBones.indexOf(parent.name) : -1;
    if (system < 0 || !visible[system]) continue;
    const s = visible[system].s;
    const isTrail = (skin?.getAttachments() ?? []).some((e) => e.slotIndex === slot.index && e.attachment instanceof MeshAttachment);
    const blend = isTrail ? (s.trail?.blend ?? s.blend) : s.blend;
    if (blendName[slot.blendMode] !== blend) fail(`slot ${slot.name}: blend ${blendName[slot.blendMode]}, system ${s.name} uses ${blend}`);
    if (isTrail) continue;
    for (const entry of skin?.getAttachments() ?? []) {
      if (entry.slotIndex !== slot.index || !(entry.attachment instanceof RegionAttachment)) continue;
      const r = entry.attachment;
      const [ax, ay] = [Math.fround(s.anchor[0]), Math.fround(s.anchor[1])];
      const x = (0.5 - ax) * r.width;
      const y = (ay - 0.5) * r.height;
      if (Math.abs(r.x - x) > 0.01 || Math.abs(r.y - y) > 0.01) fail(`slot ${slot.name} region ${r.name}: offset (${r.x}, ${r.y}), anchor gives (${x}, ${y})`);
    }
  }
}

/** Reads a file as UTF-8 (test convenience). */
export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

/** `spineparticle export SCENE -o …` (plus `extraArgs`): the exported JSON and the report. */
export function exportWithCli(scenePath: string, extraArgs: string[] = []): { json: string; report: { bytes: number; bones: number; warnings: string[] } } {
  const dir = mkdtempSync(join(tmpdir(), 'sp-oracle-export-'));
  try {
    const out = join(dir, 'out.json');
    const stdout = execFileSync(cliPath, ['export', scenePath, '-o', out, ...extraArgs], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
    return { json: readFileSync(out, 'utf8'), report: JSON.parse(stdout) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
