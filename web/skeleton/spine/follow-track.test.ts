// Bone tracks under the object's rotation and scale (placement.ts, follow-track.ts): known answers
// on a one-bone skeleton (right of its root, and above it), the vine's real track turned, mirrored
// and scaled, and the default transform pinned to the track text of the build before rotation and
// scale were applied (what the core, the export worker and `--follow` receive).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { regionPaths, synthAtlas } from '../../../tests/support/synth-atlas';
import { coreStepsCovering } from '../../../tests/support/wasm';
import type { StepsCovering } from './bake';
import { followDocument, sampleBoneTrack, type TrackRequest } from './follow-track';
import { loadSkeleton } from './load';
import { placePoint } from './placement';

/** A skeleton whose bone `right` sits at Spine (10, 0) and `up` at Spine (0, 10), still for 1 s. */
const STILL = JSON.stringify({
  skeleton: { spine: '4.2.00' },
  bones: [{ name: 'root' }, { name: 'right', parent: 'root', x: 10 }, { name: 'up', parent: 'root', y: 10 }],
  animations: { still: { bones: { right: { translate: [{ time: 0 }, { time: 1 }] } } } },
});
const still = loadSkeleton(STILL, synthAtlas([]));
const VINE_JSON = readFileSync(join(import.meta.dirname, '../../../tests/fixtures/spine/vine-pro-4.2.json'), 'utf8');
const vine = loadSkeleton(VINE_JSON, synthAtlas(regionPaths(VINE_JSON)));

let stepsCovering: StepsCovering;
beforeAll(async () => {
  stepsCovering = await coreStepsCovering();
});

/** The first point of `bone`'s track with the instance at (100, 50) and `place`'s rotation and scale. */
function at(bone: string, place: Partial<TrackRequest> = {}): [number, number] {
  const track = sampleBoneTrack(still, { skeleton: 's', bone, animation: 'still', placeX: 100, placeY: 50, speed: 1, loop: false, stepsCovering, ...place });
  expect(new Set(track.points.map((p) => p.join()))).toHaveProperty('size', 1);
  return track.points[0];
}

/** Within 10⁻⁵ px (spine-core's own world transform puts the `up` bone 2·10⁻⁷ px off its axis). */
function close(got: [number, number], want: [number, number]): void {
  expect(got[0]).toBeCloseTo(want[0], 5);
  expect(got[1]).toBeCloseTo(want[1], 5);
}

describe('follow track under the object transform', () => {
  it('a bone at Spine (10, 0): right of the instance, below it turned 90° clockwise, left of it flipped, 20 px right at scale 2', () => {
    close(at('right'), [110, 50]);
    close(at('right', { rotationDeg: 90 }), [100, 60]);
    close(at('right', { rotationDeg: -90 }), [100, 40]);
    close(at('right', { rotationDeg: 180 }), [90, 50]);
    close(at('right', { scaleX: -1 }), [90, 50]);
    close(at('right', { scaleX: 2, scaleY: 2 }), [120, 50]);
    // Mirrored first, then turned (the renderer's order): left of it, turned clockwise, is above.
    close(at('right', { rotationDeg: 90, scaleX: -1 }), [100, 40]);
    close(at('right', { rotationDeg: 90, scaleX: 2, scaleY: 2 }), [100, 70]);
  });

  it('a bone at Spine (0, 10) (y up): above the instance, right of it turned 90° clockwise, unmoved by the flip', () => {
    close(at('up'), [100, 40]);
    close(at('up', { rotationDeg: 90 }), [110, 50]);
    close(at('up', { scaleX: -1 }), [100, 40]);
    close(at('up', { scaleX: -3, scaleY: 3 }), [100, 20]);
  });

  it('the same formula as the drawn instance: every point of the vine tip turned, mirrored and scaled about the instance', () => {
    const request: TrackRequest = { skeleton: 'vine', bone: 'vine13', animation: 'grow', placeX: -40, placeY: 260, speed: 1.5, loop: true, stepsCovering };
    const plain = sampleBoneTrack(vine, request);
    const turned = sampleBoneTrack(vine, { ...request, rotationDeg: 30, scaleX: -2, scaleY: 2 });
    expect(turned.points).toHaveLength(plain.points.length);
    expect([turned.sampleFps, turned.loop]).toEqual([plain.sampleFps, plain.loop]);
    let travel = 0;
    plain.points.forEach(([x, y], i) => {
      close(turned.points[i], placePoint({ x: -40, y: 260, rotationDeg: 30, scaleX: -2, scaleY: 2 }, x + 40, y - 260));
      // Distances from the instance double.
      expect(Math.hypot(turned.points[i][0] + 40, turned.points[i][1] - 260)).toBeCloseTo(2 * Math.hypot(x + 40, y - 260), 6);
      travel = Math.max(travel, Math.hypot(turned.points[i][0] - x, turned.points[i][1] - y));
    });
    expect(travel, 'the transform moves the tip').toBeGreaterThan(100);
  });

  it('a transform that is not a number is refused, naming it', () => {
    expect(() => at('right', { rotationDeg: Number.NaN })).toThrow(/rotationDeg NaN/);
    expect(() => at('right', { scaleY: Number.POSITIVE_INFINITY })).toThrow(/scaleY Infinity/);
  });

  it('rotation 0 and scale 1 give the track text of the build before they were applied, byte for byte', () => {
    // sha256 of this exact document written by the code of main 0491d7c2 (positions only).
    const tracks = (extra: Partial<TrackRequest>): string =>
      followDocument(['vine13', 'vine5', 'root'].map((bone) => sampleBoneTrack(vine, { skeleton: 'vine', bone, animation: 'grow', placeX: -40.5, placeY: 260.25, speed: 1.5, loop: true, stepsCovering, ...extra })));
    const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
    const before = '90ec7c50a168bb9878a485c4077930258830fc94cfcafc5514f91d76eb54efd4';
    expect(tracks({}).length).toBe(33219);
    expect(sha(tracks({}))).toBe(before);
    expect(sha(tracks({ rotationDeg: 0, scaleX: 1, scaleY: 1 }))).toBe(before);
    expect(sha(tracks({ rotationDeg: 1 }))).not.toBe(before);
    // The first instance named explicitly: the same bytes (its tracks carry no `instance` key).
    expect(sha(tracks({ instance: 0 }))).toBe(before);
    expect(tracks({ instance: 1 })).toContain('"instance":1,');
  });
});
