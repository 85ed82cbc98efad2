// What each exported animation must show, frame by frame, per system, from the simulation only
// (sim.ts): nothing here comes from the exporter.
//
// One-shot system (export spec §11.1): animation frame u shows the preview's frame u
// (`simulate --dump`: one-shot systems play at the timeline's time).
//
// Loop-continuous system (§11.3): its start, loop and end animations show, at frame u, what the
// simulation shows u frames into that segment: `simulate --segment start|loop|end` (source
// 'simulate-segment', the default), the periodic emitter the preview plays
// (crates/sp-sim/src/sim/looping). The canvas shows the same frames on its timeline
// (start | loop | end end to end): `preview(u)` reads `simulate --dump` there, so a difference
// between the export and the canvas is reported.
//
// Source 'construction' builds the same segments again, independently, from the real simulation
// underneath (`simulate --plain`) with the documented construction (DESIGN.md "Seamless loops",
// crates/sp-sim/src/sim/looping/mod.rs), written here from its documentation: with frames
// T₀ = ⌈(delay + longest life)·fps⌉ and L = max(1, ⌈duration·fps⌉) (document values are f32),
// the loop set is every life of the long simulation born in [T₀, T₀ + L); copy k of a life is
// the life shifted k·L frames earlier (virtual birth b − k·L/fps), so at virtual frame v it shows
// the state of real frame v + k·L. Systems sharing the start animation start their loops
// together (T₀ = the largest of theirs), systems sharing the loop animation repeat across the
// longest loop (span). A copy is emitted when born at or after the delay, and for the end at or
// before the stop T₀ + span; at most maxParticles copies show at once, the newest. Segments in
// virtual frames: start [0, T₀], loop [T₀, T₀ + span], end [T₀ + span, …) with emission stopped
// at T₀ + span until the last dies. Stacking of copies: by virtual birth, then serial.
// `oracle.construction.test.ts` checks that the two sources agree.
import type { SceneDoc, SceneSystem, SimParticle, SimRun } from './sim';

/** One particle an animation frame must show. */
export interface ExpectedParticle extends SimParticle {
  /** Identity: `serial` for one-shot, `life@k` for copy k of the loop life of that serial. */
  id: string;
  /** Virtual birth, seconds (the birth for one-shot). */
  virtualBirthSecs: number;
}

/** Which part of a system's export an animation holds. */
export type Segment = 'oneShot' | 'start' | 'loop' | 'end';

/** Where expected loop segments come from (see the file comment). */
export type ExpectedSource = 'construction' | 'simulate-segment';

/** The source the oracle checks exports against. */
export const EXPECTED_SOURCE: ExpectedSource = 'simulate-segment';

/** The simulation runs the tracks read (sim.ts), all at the export's fps. */
export interface SimRuns {
  /** `simulate --dump`: the timeline the canvas plays. */
  timeline: SimRun;
  /** `simulate --segment X --dump` for X = start, loop, end ('simulate-segment'). */
  segments?: Record<'start' | 'loop' | 'end', SimRun>;
  /** `simulate --plain --dump`: the real simulation ('construction'). */
  plain?: SimRun;
}

/** One system's contribution to one animation. */
export interface Track {
  /** Scene index of the system. */
  system: number;
  animation: string;
  segment: Segment;
  /** Virtual frame shown at the animation's frame 0. */
  offset: number;
  /** Visible particles at animation frame `u`, back to front in the system's draw order. */
  at(u: number): ExpectedParticle[];
  /** What the canvas shows at the same animation frame (loop segments: the timeline at the
   * segment's place on it), back to front; `null` past the simulated frames. */
  preview(u: number): ExpectedParticle[] | null;
}

/** Loop frame plan of one system (see the file comment). */
export interface LoopPlan {
  t0: number;
  loop: number;
  span: number;
  delaySecs: number;
  lifeFrames: number;
}

const f32 = Math.fround;

function longestLifeSecs(s: SceneSystem): number {
  return Math.max(0, Math.max(f32(s.lifetimeSecs.min), f32(s.lifetimeSecs.max)));
}

function ownPlan(s: SceneSystem, fps: number): LoopPlan {
  const delaySecs = Math.max(0, f32(s.delaySecs));
  const life = longestLifeSecs(s);
  return {
    t0: Math.max(0, Math.ceil((delaySecs + life) * fps - 1e-9)),
    loop: Math.max(1, Math.ceil(Math.max(0, f32(s.durationSecs)) * fps - 1e-9)),
    span: 0,
    delaySecs,
    lifeFrames: Math.ceil(life * fps),
  };
}

/** The timeline's start and loop lengths in frames (S = the longest start, P = the longest
 * loop segment of the visible loop-continuous systems). */
export function timelineRegions(scene: SceneDoc): { start: number; loop: number } {
  let start = 0;
  let loop = 0;
  for (const p of loopPlans(scene).values()) {
    start = Math.max(start, p.t0);
    loop = Math.max(loop, p.span);
  }
  return { start, loop };
}

/** Loop plans of the visible loop-continuous systems, aligned across shared animations. */
export function loopPlans(scene: SceneDoc): Map<number, LoopPlan> {
  const fps = scene.export.fps;
  const own = new Map<number, LoopPlan>();
  scene.systems.forEach((s, i) => {
    if (s.visible && s.mode === 'loopContinuous') own.set(i, ownPlan(s, fps));
  });
  const plans = new Map<number, LoopPlan>();
  for (const [i, p] of own) {
    const me = scene.systems[i].loopAnimations;
    let t0 = p.t0;
    let span = p.loop;
    for (const [j, q] of own) {
      const other = scene.systems[j].loopAnimations;
      if (other.start === me.start) t0 = Math.max(t0, q.t0);
      if (other.loop === me.loop) span = Math.max(span, q.loop);
    }
    plans.set(i, { ...p, t0, span });
  }
  return plans;
}

/** Back to front under the system's draw order: virtual birth, then serial (reversed for oldest
 * on top). */
export function sortBackToFront(list: ExpectedParticle[], order: SceneSystem['drawOrder']): ExpectedParticle[] {
  list.sort((p, q) => {
    const d = Math.abs(p.virtualBirthSecs - q.virtualBirthSecs) > 1e-9 ? p.virtualBirthSecs - q.virtualBirthSecs : p.serial - q.serial;
    return order === 'oldestOnTop' ? -d : d;
  });
  return list;
}

function plainFrame(run: SimRun, system: number, real: number, order: SceneSystem['drawOrder']): ExpectedParticle[] {
  const frame = run.frames[real];
  if (!frame) throw new Error(`the simulation has no frame ${real} (ran ${run.frames.length})`);
  const list = frame[system]
    .filter((p) => p.visible)
    .map((p) => ({ ...p, id: p.copy ? `${p.copy.life}@${p.copy.k}` : String(p.serial), virtualBirthSecs: p.birthSecs }));
  return sortBackToFront(list, order);
}

interface Life {
  serial: number;
  birthSecs: number;
  first: number;
  states: SimParticle[];
}

function livesOf(run: SimRun, system: number): Life[] {
  const bySerial = new Map<number, Life>();
  run.frames.forEach((frame, f) => {
    for (const p of frame[system]) {
      let life = bySerial.get(p.serial);
      if (!life) {
        life = { serial: p.serial, birthSecs: p.birthSecs, first: f, states: [] };
        bySerial.set(p.serial, life);
      }
      if (life.first + life.states.length !== f) throw new Error(`particle ${p.serial} of system ${system} missing at frame ${f - 1}`);
      life.states.push(p);
    }
  });
  return [...bySerial.values()].sort((a, b) => a.serial - b.serial);
}

/** Frames the timeline run must cover for every track of `scene` whose animations last
 * `animationFrames` (frame count − 1 of each exported animation). */
export function timelineFramesNeeded(scene: SceneDoc, animationFrames: Map<string, number>): number {
  let needed = 1;
  const { start, loop } = timelineRegions(scene);
  scene.systems.forEach((s) => {
    if (!s.visible) return;
    if (s.mode === 'oneShot') needed = Math.max(needed, (animationFrames.get(s.animation) ?? 0) + 2);
    else needed = Math.max(needed, start + loop + (animationFrames.get(s.loopAnimations.end) ?? 0) + 2);
  });
  return needed;
}

/** Frames each `simulate --segment` run must cover. */
export function segmentFramesNeeded(scene: SceneDoc, animationFrames: Map<string, number>): Record<'start' | 'loop' | 'end', number> {
  const out = { start: 1, loop: 1, end: 1 };
  scene.systems.forEach((s) => {
    if (!s.visible || s.mode !== 'loopContinuous') return;
    const la = s.loopAnimations;
    out.start = Math.max(out.start, (animationFrames.get(la.start) ?? 0) + 2);
    out.loop = Math.max(out.loop, (animationFrames.get(la.loop) ?? 0) + 2);
    out.end = Math.max(out.end, (animationFrames.get(la.end) ?? 0) + 2);
  });
  return out;
}

/** Frames the plain run must cover for the construction. */
export function plainFramesNeeded(scene: SceneDoc): number {
  let needed = 1;
  for (const p of loopPlans(scene).values()) needed = Math.max(needed, p.t0 + Math.max(p.loop, p.span) + p.lifeFrames + 3);
  return needed;
}

/** The construction (see the file comment): what loop-continuous system `i` shows in `segment`
 * at virtual frame `v`, from the plain run. */
function construction(scene: SceneDoc, plain: SimRun, i: number): (segment: Segment, v: number) => ExpectedParticle[] {
  const s = scene.systems[i];
  const fps = scene.export.fps;
  const plan = loopPlans(scene).get(i)!;
  const { t0, loop: L, span } = plan;
  const w0 = t0 / fps;
  const w1 = (t0 + L) / fps;
  const stop = t0 + span;
  const loopSet = livesOf(plain, i).filter((l) => l.birthSecs >= w0 - 1e-9 && l.birthSecs < w1 - 1e-9);
  return (segment, v) => {
    const list: ExpectedParticle[] = [];
    for (const life of loopSet) {
      const kMin = Math.ceil((life.first - v) / L);
      const kMax = Math.floor((life.first + life.states.length - 1 - v) / L);
      for (let k = kMin; k <= kMax; k++) {
        const virtualBirthSecs = life.birthSecs - (k * L) / fps;
        if (virtualBirthSecs < plan.delaySecs - 1e-9) continue;
        if (segment === 'end' && life.birthSecs > (stop + k * L) / fps + 1e-9) continue;
        const state = life.states[v + k * L - life.first];
        list.push({ ...state, id: `${life.serial}@${k}`, virtualBirthSecs });
      }
    }
    // At most maxParticles copies show, the newest.
    sortBackToFront(list, 'newestOnTop');
    const shown = list.slice(Math.max(0, list.length - s.maxParticles)).filter((p) => p.visible);
    return sortBackToFront(shown, s.drawOrder);
  };
}

/** Every system's tracks: which animation it writes, and what each frame must show. */
export function tracks(scene: SceneDoc, runs: SimRuns, source: ExpectedSource = EXPECTED_SOURCE): Track[] {
  const { timeline } = runs;
  const regions = timelineRegions(scene);
  const plans = loopPlans(scene);
  const out: Track[] = [];
  scene.systems.forEach((s, i) => {
    if (!s.visible) return;
    const order = s.drawOrder;
    if (s.mode === 'oneShot') {
      out.push({
        system: i,
        animation: s.animation,
        segment: 'oneShot',
        offset: 0,
        at: (u) => plainFrame(timeline, i, u, order),
        preview: (u) => plainFrame(timeline, i, u, order),
      });
      return;
    }
    const plan = plans.get(i)!;
    const built = source === 'construction' ? construction(scene, runs.plain!, i) : null;
    const segments: [Segment & ('start' | 'loop' | 'end'), string, number, number][] = [
      ['start', s.loopAnimations.start, 0, 0],
      ['loop', s.loopAnimations.loop, plan.t0, regions.start],
      ['end', s.loopAnimations.end, plan.t0 + plan.span, regions.start + regions.loop],
    ];
    for (const [segment, animation, offset, place] of segments) {
      out.push({
        system: i,
        animation,
        segment,
        offset,
        at: (u) => (built ? built(segment, u + offset) : plainFrame(runs.segments![segment], i, u, order)),
        preview: (u) => (u + place < timeline.frames.length ? plainFrame(timeline, i, u + place, order) : null),
      });
    }
  });
  return out;
}

/** The attachment path an image reference exports as (export spec §8.2, README "Spine export"):
 * `builtin:NAME` → `NAME`; `\` → `/`; `./` and empty segments dropped; the settings' image folder
 * stripped; the image extension dropped. */
export function attachmentPath(reference: string, imagesPath: string): string {
  if (reference.startsWith('builtin:')) return reference.slice('builtin:'.length);
  const segments = (p: string) => p.replace(/\\/g, '/').split('/').filter((x) => x !== '' && x !== '.');
  let parts = segments(reference);
  const folder = segments(imagesPath);
  if (folder.length > 0 && folder.every((f, i) => parts[i] === f)) parts = parts.slice(folder.length);
  const path = parts.join('/');
  return path.replace(/\.(png|jpe?g|webp|gif|bmp|tga|avif)$/i, '');
}
