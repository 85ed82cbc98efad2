// The joins of loop-continuous exports (export spec §11.3), posed by spine-core 4.2.119 as a game
// plays them: the last frame of start is the first frame of loop, the last frame of loop is its
// first (the wrap), and the last frame of loop is the first frame of end. At each join the same
// particle and trail slots show, with the same attachment, bone positions (and trail ribbon
// vertices) within 0.01 px, matrices within 1e-4 and the same colour (1/255): a game switching
// animations there shows no pop.
// "Shown" is the oracle's definition (pose.ts): an attachment at an alpha above 0. Slots left at
// the setup pose hold their attachment at alpha 0 (export spec §5.3) and draw nothing: counting
// attachments alone gives e.g. fire 82 at the end of loop and 102 at the start of end, with 81
// shown on both sides (the figures of issue 16 counted attachments).
// Run for every preset and golden scene with a loop-continuous system; the table of errors is
// printed with `JOINS_TABLE=1`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SkeletonData } from '@esotericsoftware/spine-core';
import { describe, expect, it } from 'vitest';
import { exportWithCli, parseExport } from './oracle/oracle';
import { Poser, type ShownSlot, type ShownTrail } from './oracle/pose';
import { loadScene } from './oracle/sim';

const ROOT = join(import.meta.dirname, '../..');
const scenes = ['presets', 'tests/golden/scenes'].flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: `${dir.split('/').pop()}/${f}`, path: join(ROOT, dir, f) })),
);

/** Differences between two poses of the same system bones. */
export interface JoinError {
  join: string;
  /** Shown slots before and after. */
  before: number;
  after: number;
  /** Slots shown on one side only. */
  unmatched: string[];
  /** Worst bone position distance (px), matrix entry and colour channel (0..1) over the slots
   * shown on both sides, and the slots whose attachment differs. */
  positionPx: number;
  matrix: number;
  colour: number;
  attachments: string[];
}

/** What a join compares: the particle slots and the trail slots (their skinned ribbons). */
interface Shown {
  slots: ShownSlot[];
  trails: ShownTrail[];
}

/** A trail slot as a comparable slot: its head bone's position, its colour and attachment; its
 * ribbon's vertices are compared separately. */
function trailAsSlot(t: ShownTrail): ShownSlot {
  const [x, y] = t.nodes[0] ?? [0, 0];
  return { slot: t.slot, drawPos: t.drawPos, x, y, a: 1, b: 0, c: 0, d: 1, r: t.r, g: t.g, bl: t.bl, alpha: t.alpha, attachment: t.attachment, path: t.path };
}

function compareShown(joinName: string, sa: Shown, sb: Shown): JoinError {
  const a = [...sa.slots, ...sa.trails.map(trailAsSlot)];
  const b = [...sb.slots, ...sb.trails.map(trailAsSlot)];
  const bySlot = new Map(b.map((s) => [s.slot, s]));
  const inA = new Set(a.map((s) => s.slot));
  const e: JoinError = { join: joinName, before: a.length, after: b.length, unmatched: [], positionPx: 0, matrix: 0, colour: 0, attachments: [] };
  for (const s of a) {
    const t = bySlot.get(s.slot);
    if (!t) {
      e.unmatched.push(`-${s.slot}`);
      continue;
    }
    e.positionPx = Math.max(e.positionPx, Math.hypot(s.x - t.x, s.y - t.y));
    e.matrix = Math.max(e.matrix, Math.abs(s.a - t.a), Math.abs(s.b - t.b), Math.abs(s.c - t.c), Math.abs(s.d - t.d));
    e.colour = Math.max(e.colour, Math.abs(s.r - t.r), Math.abs(s.g - t.g), Math.abs(s.bl - t.bl), Math.abs(s.alpha - t.alpha));
    if (s.attachment !== t.attachment || s.path !== t.path) e.attachments.push(s.slot);
  }
  for (const t of b) if (!inA.has(t.slot)) e.unmatched.push(`+${t.slot}`);
  // Trail ribbons: every skinned vertex of a trail shown on both sides.
  const trailsB = new Map(sb.trails.map((t) => [t.slot, t]));
  for (const s of sa.trails) {
    const t = trailsB.get(s.slot);
    if (!t) continue;
    if (s.vertices.length !== t.vertices.length) e.attachments.push(s.slot);
    s.vertices.forEach(([x, y], i) => {
      const [u, v] = t.vertices[i] ?? [Infinity, Infinity];
      e.positionPx = Math.max(e.positionPx, Math.hypot(x - u, y - v));
    });
  }
  return e;
}

/** The three joins of every group of loop-continuous systems sharing their animations. */
export function joinErrors(scenePath: string, json: string): JoinError[] {
  const scene = loadScene(scenePath);
  const fps = scene.export.fps;
  const data: SkeletonData = parseExport(json);
  const poser = new Poser(data);
  const visible = scene.systems.filter((s) => s.visible);
  const groups = new Map<string, number[]>();
  visible.forEach((s, bone) => {
    if (s.mode !== 'loopContinuous') return;
    const key = JSON.stringify([s.loopAnimations.start, s.loopAnimations.loop, s.loopAnimations.end]);
    groups.set(key, [...(groups.get(key) ?? []), bone]);
  });
  const out: JoinError[] = [];
  for (const [key, bones] of groups) {
    const [start, loop, end] = (JSON.parse(key) as string[]).map((n) => data.findAnimation(n));
    if (!loop) throw new Error(`${scenePath}: no loop animation ${key}`);
    const last = (anim: NonNullable<typeof loop>) => Math.round(anim.duration * fps);
    const at = (anim: NonNullable<typeof loop>, frame: number) => {
      const posed = poser.pose(anim, frame, fps);
      return { slots: bones.flatMap((b) => posed.systems[b]), trails: bones.flatMap((b) => posed.trails[b]) };
    };
    const loopFirst = at(loop, 0);
    const loopLast = at(loop, last(loop));
    const names = bones.map((b) => visible[b].name).join('+');
    if (start) out.push(compareShown(`${names} start→loop`, at(start, last(start)), loopFirst));
    out.push(compareShown(`${names} loop→loop`, loopLast, loopFirst));
    if (end) out.push(compareShown(`${names} loop→end`, loopLast, at(end, 0)));
    // The check can fail: one frame into the loop is not its first frame.
    out.push(compareShown(`${names} loop@1 (control)`, at(loop, 1), loopFirst));
  }
  return out;
}

const clean = (e: JoinError) => e.unmatched.length === 0 && e.attachments.length === 0 && e.positionPx <= 0.01 && e.matrix <= 1e-4 && e.colour <= 1 / 255;

const rows: string[] = [];

describe('loop joins posed by spine-core', () => {
  for (const { name, path } of scenes) {
    const scene = loadScene(path);
    if (!scene.systems.some((s) => s.visible && s.mode === 'loopContinuous')) continue;
    it(name, () => {
      const errors = joinErrors(path, exportWithCli(path).json);
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) {
        rows.push(
          `${name} ${e.join}: ${e.before}→${e.after} slots, ${e.unmatched.length} unmatched, ${e.positionPx.toExponential(2)} px, matrix ${e.matrix.toExponential(2)}, colour ${(e.colour * 255).toFixed(2)}/255, ${e.attachments.length} attachments differ`,
        );
      }
      const controls = errors.filter((e) => e.join.endsWith('(control)'));
      expect(controls.length).toBeGreaterThan(0);
      for (const e of controls) expect(clean(e), `${name} ${e.join}: one frame apart must differ`).toBe(false);
      for (const e of errors.filter((x) => !controls.includes(x))) {
        const where = `${name} ${e.join}`;
        expect(e.before, `${where}: nothing shows at the join`).toBeGreaterThan(0);
        expect(e.unmatched, `${where}: slots shown on one side only`).toEqual([]);
        expect(e.attachments, `${where}: attachments differ`).toEqual([]);
        expect(e.positionPx, `${where}: position (px)`).toBeLessThanOrEqual(0.01);
        expect(e.matrix, `${where}: matrix`).toBeLessThanOrEqual(1e-4);
        expect(e.colour, `${where}: colour`).toBeLessThanOrEqual(1 / 255);
      }
    });
  }
  it.runIf(process.env.JOINS_TABLE)('prints the table', () => console.log(rows.join('\n')));
});
