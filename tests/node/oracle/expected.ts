// What each exported animation must show, frame by frame, per system: built from the preview's
// simulation (sim.ts) and the documented rules of the export, written here from their
// documentation and not from the exporter's code.
//
// One-shot system (export spec §11.1): animation frame u shows the simulation's frame u.
//
// Loop-continuous system (§11.3, the construction documented in crates/sp-spine/src/bake/
// looping.rs, DESIGN.md "Seamless loops"): with frames T₀ = ⌈(delay + longest life)·fps⌉ and
// L = max(1, ⌈duration·fps⌉) (document values are f32), the loop set is every life of the long
// simulation born in [T₀, T₀ + L); copy k of a life is the life shifted k·L frames earlier
// (virtual birth b − k·L/fps), so at virtual frame v it shows the state of real frame v + k·L.
// Systems sharing the start animation start their loops together (T₀ = the largest of theirs),
// systems sharing the loop animation repeat across the longest loop (span). Segments in virtual
// frames: start [0, T₀] shows the copies k ≥ 0 with virtual birth ≥ delay; loop [T₀, T₀ + span]
// shows every copy; end [T₀ + L, …) shows the copies born up to T₀ + L (k ≥ 0, and k = −1 of a
// life born exactly at T₀) until the last dies. Stacking of copies: by virtual birth, then serial.
//
// The seam for issue 16: when `spineparticle simulate --segment start|loop|end` exists (the
// simulation itself producing these segments), `ExpectedSource` 'simulate-segment' replaces the
// construction with the simulation's own segment frames; today only 'construction' exists.
import type { SceneDoc, SceneSystem, SimParticle, SimRun } from './sim';

/** One particle an animation frame must show. */
export interface ExpectedParticle extends SimParticle {
  /** Identity: `serial` for one-shot, `serial@k` for loop copy k. */
  id: string;
  /** Virtual birth, seconds (the birth for one-shot). */
  virtualBirthSecs: number;
}

/** Which part of a system's export an animation holds. */
export type Segment = 'oneShot' | 'start' | 'loop' | 'end';

/** Where expected loop segments come from (see the file comment). */
export type ExpectedSource = 'construction' | 'simulate-segment';

/** The source in use until issue 16 gives the simulation its own segments. */
export const EXPECTED_SOURCE: ExpectedSource = 'construction';

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
  /** The preview's plain simulation at the same animation frame (loop segments only: what the
   * canvas shows today, before issue 16), back to front; `null` where the canvas shows no such
   * frame (the end segment). */
  preview(u: number): ExpectedParticle[] | null;
  /** Last real simulation frame this track reads. */
  lastRealFrame(lastFrame: number): number;
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
  const list = frame[system].filter((p) => p.visible).map((p) => ({ ...p, id: String(p.serial), virtualBirthSecs: p.birthSecs }));
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

/** Frames the simulation must cover for every track of `scene` whose animations last
 * `animationFrames` (frame count − 1 of each exported animation). */
export function realFramesNeeded(scene: SceneDoc, animationFrames: Map<string, number>): number {
  let needed = 1;
  const plans = loopPlans(scene);
  scene.systems.forEach((s, i) => {
    if (!s.visible) return;
    if (s.mode === 'oneShot') {
      needed = Math.max(needed, (animationFrames.get(s.animation) ?? 0) + 2);
    } else {
      const p = plans.get(i)!;
      needed = Math.max(needed, p.t0 + Math.max(p.loop, p.span) + p.lifeFrames + 3);
    }
  });
  return needed;
}

/** Every system's tracks: which animation it writes, and what each frame must show. */
export function tracks(scene: SceneDoc, run: SimRun, source: ExpectedSource = EXPECTED_SOURCE): Track[] {
  if (source !== 'construction') {
    throw new Error('`simulate --segment` does not exist yet (issue 16): the loop segments come from the construction');
  }
  const fps = scene.export.fps;
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
        at: (u) => plainFrame(run, i, u, order),
        preview: (u) => plainFrame(run, i, u, order),
        lastRealFrame: (last) => last,
      });
      return;
    }
    const plan = plans.get(i)!;
    const { t0, loop: L, span } = plan;
    const w0 = t0 / fps;
    const w1 = (t0 + L) / fps;
    const loopSet = livesOf(run, i).filter((l) => l.birthSecs >= w0 - 1e-9 && l.birthSecs < w1 - 1e-9);
    const copiesAt = (segment: Segment, v: number): ExpectedParticle[] => {
      const list: ExpectedParticle[] = [];
      for (const life of loopSet) {
        const kMin = Math.ceil((life.first - v) / L);
        const kMax = Math.floor((life.first + life.states.length - 1 - v) / L);
        for (let k = kMin; k <= kMax; k++) {
          const virtualBirthSecs = life.birthSecs - (k * L) / fps;
          const allowed =
            segment === 'loop' ||
            (segment === 'start' && k >= 0 && virtualBirthSecs >= plan.delaySecs - 1e-9) ||
            (segment === 'end' && (k >= 0 || (k === -1 && life.birthSecs <= w0 + 1e-9)));
          if (!allowed) continue;
          const state = life.states[v + k * L - life.first];
          if (!state.visible) continue;
          list.push({ ...state, id: `${life.serial}@${k}`, virtualBirthSecs });
        }
      }
      return sortBackToFront(list, order);
    };
    const needed = t0 + Math.max(L, span) + plan.lifeFrames + 3;
    const segments: [Segment, string, number][] = [
      ['start', s.loopAnimations.start, 0],
      ['loop', s.loopAnimations.loop, t0],
      ['end', s.loopAnimations.end, t0 + L],
    ];
    for (const [segment, animation, offset] of segments) {
      out.push({
        system: i,
        animation,
        segment,
        offset,
        at: (u) => copiesAt(segment, u + offset),
        // The canvas today: the plain simulation from time 0 through the start and one loop.
        preview: (u) => (segment === 'end' || u + offset >= run.frames.length ? null : plainFrame(run, i, u + offset, order)),
        lastRealFrame: () => needed,
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
