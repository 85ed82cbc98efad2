// The simulation side of the fidelity oracle: what the preview shows, read from
// `spineparticle simulate --dump` (the preview's own SceneSim on the editor's timeline; with
// `--segment start|loop|end` each loop-continuous system in its own exported segment; with
// `--plain` the real simulation underneath) and the document as loaded (`simulate
// --print-scene`). Nothing here reads the export or its `--frames` intermediate.
//
// Axes: the dump is in editor axes (pixels, y down, degrees clockwise); the oracle compares in
// Spine axes (y up, counter-clockwise), so x stays, y and rotation change sign. That is the
// definition of the two spaces (README "Coordinate systems"), restated here on purpose.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { cliPath } from '../../support/cli';

/** One particle the preview draws, in Spine axes. */
export interface SimParticle {
  /** Spawn serial within its system. */
  serial: number;
  /** Birth time, seconds (system time = scene time). */
  birthSecs: number;
  /** World position, Spine axes. */
  x: number;
  y: number;
  /** World rotation, degrees counter-clockwise. */
  rotationDeg: number;
  /** World scale (signed: a mirrored system gives negative scales). */
  scaleX: number;
  scaleY: number;
  /** Unquantised colour 0..1 and alpha 0..1. */
  r: number;
  g: number;
  b: number;
  a: number;
  /** Image reference drawn (`builtin:NAME` or a path), `null` if the system has none. */
  texture: string | null;
  /** False while fake-dead (hidden, still alive). */
  visible: boolean;
  /** Place among the system's particles from back to front (0 = back). */
  drawIndex: number;
  /** Its trail (systems with an active trail), Spine axes. */
  trail?: SimTrail;
  /** For a copy of a loop-continuous system's periodic emitter: the life's serial in the real
   * simulation and the copy index. */
  copy?: { life: number; k: number };
}

/** A particle's trail as the preview draws it (`--dump`'s `trail`), in Spine axes. */
export interface SimTrail {
  /** Chain nodes, head first. */
  nodes: [number, number][];
  /** The ribbon's vertices, in the mesh's vertex order. */
  vertices: [number, number][];
  /** Trail slot colour 0..1 (unquantised). */
  r: number;
  g: number;
  b: number;
  a: number;
  /** Trail image reference. */
  image: string | null;
}

/** One system's particles at one frame, by serial. */
export type SimSystemFrame = SimParticle[];

/** The simulation sampled at `frame / fps` for frames 0..n−1: `frames[i][system]`. */
export interface SimRun {
  fps: number;
  frames: SimSystemFrame[][];
}

/** The loaded document's fields the oracle needs (defaults filled by the CLI's loader). */
export interface SceneSystem {
  name: string;
  visible: boolean;
  mode: 'oneShot' | 'loopContinuous';
  animation: string;
  loopAnimations: { start: string; loop: string; end: string };
  delaySecs: number;
  durationSecs: number;
  lifetimeSecs: { min: number; max: number };
  textures: string[];
  maxParticles: number;
  anchor: [number, number];
  blend: 'normal' | 'additive' | 'multiply' | 'screen';
  /** Absent in documents that keep the default (newest on top). */
  drawOrder?: 'newestOnTop' | 'oldestOnTop';
  transform: { x: number; y: number; rotationDeg: number; scaleX: number; scaleY: number };
  space: 'local' | 'world';
  /** Absent in documents that never set a trail. */
  trail?: { enabled: boolean; images: string[]; drawParticle: boolean; blend?: 'normal' | 'additive' | 'multiply' | 'screen' };
}

/** Whether a system draws its trail (enabled, with an image). */
export function hasTrail(s: SceneSystem): boolean {
  return !!s.trail && s.trail.enabled && s.trail.images.length > 0;
}

/** Whether a system draws (and exports) its particles' sprites. */
export function drawsParticles(s: SceneSystem): boolean {
  return !hasTrail(s) || s.trail!.drawParticle;
}

/** The loaded document. */
export interface SceneDoc {
  animations: string[];
  systems: SceneSystem[];
  export: { fps: number; bonePool: boolean; excludeEmptyAnimations: boolean; imagesPath: string };
}

/** `spineparticle simulate SCENE --print-scene`: the document with its defaults filled. */
export function loadScene(scenePath: string): SceneDoc {
  const text = execFileSync(cliPath, ['simulate', scenePath, '--print-scene'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return JSON.parse(text) as SceneDoc;
}

interface DumpParticle {
  serial: number;
  birthSecs: number;
  rgb: [number, number, number];
  alpha: number;
  texture: string | null;
  visible: boolean;
  drawIndex: number;
  scene: { x: number; y: number; rotationDeg: number; scaleX: number; scaleY: number };
  trail?: { nodes: [number, number][]; vertices: [number, number][]; rgba: [number, number, number, number]; image: string | null };
  copy?: { life: number; k: number };
}

interface DumpFrame {
  frame: number;
  systems: { index: number; particles: DumpParticle[] }[];
}

/** What `simulate` runs: the timeline (the preview), one exported segment, or the plain
 * simulation. */
export type SimMode = 'timeline' | 'plain' | 'start' | 'loop' | 'end';

/**
 * Runs `spineparticle simulate SCENE --dump --fps FPS` (in `mode`) over frames 0..frameCount−1
 * (time `i / fps`, as the dump's own clock) and converts every particle to Spine axes.
 */
export function simulate(scenePath: string, fps: number, frameCount: number, mode: SimMode = 'timeline'): SimRun {
  // `simulate` visits ⌊duration·fps⌋ + 1 frames. The dump of a big scene runs to hundreds of
  // MB: it goes to a file, read back line by line.
  const duration = (frameCount - 1) / fps;
  const dir = mkdtempSync(join(tmpdir(), 'sp-oracle-'));
  const file = join(dir, 'dump.jsonl');
  const out = openSync(file, 'w');
  try {
    const extra = mode === 'timeline' ? [] : mode === 'plain' ? ['--plain'] : ['--segment', mode];
    execFileSync(cliPath, ['simulate', scenePath, '--dump', '--fps', String(fps), '--duration', String(duration), ...extra], {
      stdio: ['ignore', out, 'pipe'],
    });
  } finally {
    closeSync(out);
  }
  const frames: SimSystemFrame[][] = [];
  const onLine = (line: string) => {
    const f = JSON.parse(line) as DumpFrame;
    if (f.frame !== frames.length) throw new Error(`simulate --dump: frame ${f.frame} out of order`);
    frames.push(
      f.systems.map((s) =>
        s.particles.map((p) => ({
          serial: p.serial,
          birthSecs: p.birthSecs,
          x: p.scene.x,
          y: -p.scene.y,
          rotationDeg: -p.scene.rotationDeg,
          scaleX: p.scene.scaleX,
          scaleY: p.scene.scaleY,
          r: p.rgb[0],
          g: p.rgb[1],
          b: p.rgb[2],
          a: p.alpha,
          texture: p.texture,
          visible: p.visible,
          drawIndex: p.drawIndex,
          trail: p.trail && {
            nodes: p.trail.nodes.map(([x, y]) => [x, -y] as [number, number]),
            vertices: p.trail.vertices.map(([x, y]) => [x, -y] as [number, number]),
            r: p.trail.rgba[0],
            g: p.trail.rgba[1],
            b: p.trail.rgba[2],
            a: p.trail.rgba[3],
            image: p.trail.image,
          },
          ...(p.copy ? { copy: p.copy } : {}),
        })),
      ),
    );
  };
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1 << 24);
    const decoder = new StringDecoder('utf8');
    let carry = '';
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const text = carry + decoder.write(chunk.subarray(0, n));
      const lines = text.split('\n');
      carry = lines.pop() ?? '';
      for (const line of lines) if (line) onLine(line);
    }
    carry += decoder.end();
    if (carry) onLine(carry);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  if (frames.length < frameCount) throw new Error(`simulate --dump gave ${frames.length} frames, wanted ${frameCount}`);
  return { fps, frames };
}
