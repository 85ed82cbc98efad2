// The compare view poses what the simulation baked: for a golden scene, the regions spine-core
// shows at each baked frame sit on the simulation's own particle positions (`--frames`, Spine
// axes; the view flips y back to scene pixels), one region per visible particle.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath } from '../../../tests/support/cli';
import { sceneToCanvas } from './overlay';
import { autoPlan, ComparePoser } from './pose';
import { withTempDir } from '../../../tests/support/tmp';

interface Frames {
  fps: number;
  animations: Record<string, { frame: number; bones: Record<string, { x: number; y: number; color: string; attachment: string | null }> }[]>;
}

function exportWithFrames(scene: string): { json: string; frames: Frames } {
  return withTempDir('sp-compare-', (dir) => {
    execFileSync(cliPath, ['export', resolve(scene), '-o', join(dir, 'out.json'), '--frames', join(dir, 'frames.json')], { stdio: 'ignore' });
    return { json: readFileSync(join(dir, 'out.json'), 'utf8'), frames: JSON.parse(readFileSync(join(dir, 'frames.json'), 'utf8')) as Frames };
  });
}

describe('compare view pose', () => {
  it('puts one region on every visible baked particle, at its position', () => {
    const { json, frames } = exportWithFrames('presets/fire.json');
    const poser = new ComparePoser(json);
    let checked = 0;
    for (const [name, list] of Object.entries(frames.animations)) {
      expect(poser.animations().map((a) => a.name)).toContain(name);
      for (const f of list.filter((_, i) => i % 7 === 0)) {
        const regions = poser.pose(Math.fround(f.frame / frames.fps), name);
        const bySlot = new Map(regions.map((r) => [r.slot, r]));
        const visible = Object.entries(f.bones).filter(([, b]) => b.attachment !== null && !b.color.endsWith('00'));
        for (const [bone, want] of visible) {
          const r = bySlot.get(bone);
          expect(r, `${name} frame ${f.frame} ${bone}`).toBeDefined();
          if (r === undefined) continue;
          expect(Math.abs(r.boneX - want.x)).toBeLessThan(0.11);
          expect(Math.abs(r.boneY + want.y)).toBeLessThan(0.11);
          checked++;
        }
        // Nothing else is drawn.
        expect(regions.filter((r) => r.slot.startsWith("_particle_")).length, `${name} frame ${f.frame}`).toBe(visible.filter(([b]) => b.startsWith("_particle_")).length);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('maps scene pixels to the canvas with the editor view', () => {
    expect(sceneToCanvas(10, 20, { panX: 10, panY: 20, zoom: 2 }, 800, 600)).toEqual([400, 300]);
    expect(sceneToCanvas(15, 10, { panX: 10, panY: 20, zoom: 2 }, 800, 600)).toEqual([410, 280]);
  });
});

describe('compare plan', () => {
  const sys = (mode: string, animation: string, visible = true) => ({ visible, mode, animation, loopAnimations: { start: 'start', loop: 'loop', end: 'end' } });
  const anims = [
    { name: 'a', durationSecs: 2 },
    { name: 'start', durationSecs: 1 },
    { name: 'loop', durationSecs: 0.5 },
    { name: 'end', durationSecs: 3 },
  ];
  it("plays one-shot animations at t and each loop system's animation where the core's timeline puts it", () => {
    expect(autoPlan({ systems: [sys('oneShot', 'a'), sys('loopContinuous', 'x')] }, anims, 0.25, [null, { kind: 'start', localSecs: 0.25 }])).toEqual([
      { name: 'a', timeSecs: 0.25 },
      { name: 'start', timeSecs: 0.25 },
    ]);
    expect(autoPlan({ systems: [sys('loopContinuous', 'x')] }, anims, 1.75, [{ kind: 'loop', localSecs: 0.25 }])).toEqual([{ name: 'loop', timeSecs: 0.25 }]);
    expect(autoPlan({ systems: [sys('loopContinuous', 'x')] }, anims, 2.1, [{ kind: 'end', localSecs: 0.1 }])).toEqual([{ name: 'end', timeSecs: 0.1 }]);
    expect(autoPlan({ systems: [sys('oneShot', 'a', false)] }, anims, 1, [null])).toEqual([]);
  });
});
