// The canvas grips of an MS3D model (grips.ts, grip-handles.ts): where they are for a turned,
// flipped or scaled model, what a drag of each writes to its transform (rounded, snapped with
// Shift, the flip kept, within the schema's limit), that only the model the panel shows gets
// grips, and only while it is shown; the commit copies its transform and nothing else.
import { afterEach, describe, expect, it } from 'vitest';
import { loadWasm } from '../../tests/support/wasm';
import type { Scene } from '../document/types';
import type { FieldSchema } from '../generated/contract';
import { placedLimits, placedScaleLimit, SCALE_GRIP_CSS_PX, TURN_KNOB_CSS_PX, type PlacedLimits, type Pt } from '../editor/placement-grips';
import { setLang, t } from '../i18n';
import { newModelEntry } from './doc';
import { modelGripKey, modelGripsProvider, parseModelGripKey, type ModelGripsHost } from './grip-handles';
import { modelGrips, moveModel, scaleModel, turnModel } from './grips';

afterEach(() => setLang('zh-CN', null));

const S = SCALE_GRIP_CSS_PX * Math.SQRT1_2;
const close = (a: Pt, b: Pt): void => {
  expect(a[0]).toBeCloseTo(b[0], 9);
  expect(a[1]).toBeCloseTo(b[1], 9);
};

/** Two models: `crate` at (0, 0) and `hero` at (200, 100). */
function scene(): Scene {
  const doc = { systems: [], skeletons: [], models: [] } as unknown as Scene;
  doc.models.push(newModelEntry(doc, { key: 'a', path: 'crate.ms3d' }, 0, 0));
  doc.models.push(newModelEntry(doc, { key: 'b', path: 'hero.ms3d' }, 200, 100));
  return doc;
}

/** The core's limits (±1 000 000 px and degrees) with scales up to {@link scaleMax}. */
const limits = (scaleMax = 1000): PlacedLimits => ({ x: { min: -1e6, max: 1e6 }, y: { min: -1e6, max: 1e6 }, rotationDeg: { min: -1e6, max: 1e6 }, scaleMax });

/** A host showing model `shown` (the core's limits, scales up to 100). */
function host(shown: number | null): ModelGripsHost {
  return { shown: () => shown, limits: () => limits(100) };
}

describe('model grips (pure)', () => {
  it('are on the model, its turned +x axis and its turned diagonal, at fixed screen distances', () => {
    const m = scene().models[1];
    for (const zoom of [0.5, 1, 3]) {
      const g = modelGrips(m, zoom);
      expect(g.move).toEqual([200, 100]);
      close(g.turn, [200 + TURN_KNOB_CSS_PX / zoom, 100]);
      close(g.scale, [200 + S / zoom, 100 + S / zoom]);
    }
    m.transform = { x: 200, y: 100, rotationDeg: 90, scaleX: -2.5, scaleY: 2.5 };
    const g = modelGrips(m, 2);
    // Turned 90° and flipped: +x points up, the diagonal up-left; the scale moves neither.
    close(g.turn, [200, 100 - TURN_KNOB_CSS_PX / 2]);
    close(g.scale, [200 - S / 2, 100 - S / 2]);
  });

  it('move: rounded to 0.01, Shift onto the step, within the limits; turn: about the model, Shift 15°, nearest the last preview', () => {
    const m = scene().models[1];
    moveModel(m, [260.126, 139.994], null, limits());
    expect(m.transform).toMatchObject({ x: 260.13, y: 139.99 });
    moveModel(m, [264.9, 135.1], 10, limits());
    expect(m.transform).toMatchObject({ x: 260, y: 140 });
    moveModel(m, [-3e6, 1_000_000.004], null, limits());
    expect(m.transform).toMatchObject({ x: -1_000_000, y: 1_000_000 });
    const n = scene().models[1];
    turnModel(n, [256, 100], [201, 140], null, 15, limits());
    expect(n.transform.rotationDeg).toBe(90);
    const at = (deg: number): Pt => [200 + 56 * Math.cos((deg * Math.PI) / 180), 100 + 56 * Math.sin((deg * Math.PI) / 180)];
    turnModel(n, at(0), at(190), 170, null, limits());
    expect(n.transform.rotationDeg).toBe(280);
    const o = scene().models[1];
    turnModel(o, at(0), at(-30.004), null, null, limits());
    expect(o.transform.rotationDeg).toBe(-30);
  });

  it('scale: times the distance ratio, the flip kept, Shift 0.1, never below 0.01, at most the limit', () => {
    const scaled = (scaleX: number, f: number, snap: boolean, max = 100): number[] => {
      const m = scene().models[1];
      m.transform.scaleX = scaleX;
      const from = modelGrips(m, 1).scale;
      scaleModel(m, from, [200 + f * (from[0] - 200), 100 + f * (from[1] - 100)], snap, limits(max));
      return [m.transform.scaleX, m.transform.scaleY];
    };
    expect(scaled(1, 1.5, false)).toEqual([1.5, 1.5]);
    expect(scaled(-1, 1.5, false)).toEqual([-1.5, 1.5]);
    expect(scaled(1, 1.237, false)).toEqual([1.24, 1.24]);
    expect(scaled(-1, 1.237, true)).toEqual([-1.2, 1.2]);
    expect(scaled(1, 0, false)).toEqual([0.01, 0.01]);
    expect(scaled(-1, 0.02, true)).toEqual([-0.01, 0.01]);
    expect(scaled(1, 1000, false, 50)).toEqual([50, 50]);
  });

  it('the limit from the core\'s schema is finite and above 1', async () => {
    const limit = placedScaleLimit(JSON.parse((await loadWasm()).fieldSchema()) as FieldSchema);
    expect(Number.isFinite(limit)).toBe(true);
    expect(limit).toBeGreaterThan(1);
  });

  it('a move past the core\'s x and y limits stops at them', async () => {
    const core = placedLimits(JSON.parse((await loadWasm()).fieldSchema()) as FieldSchema, 'models');
    expect([core.x.max, core.y.min]).toEqual([1_000_000, -1_000_000]);
    const m = scene().models[1];
    moveModel(m, [5e6, -5e6], 50, core);
    expect(m.transform).toMatchObject({ x: 1_000_000, y: -1_000_000 });
  });
});

describe('model grips (overlay provider)', () => {
  it('draws a move grip, a turn knob and a scale diamond for the shown model only, titled in the UI language', () => {
    setLang('en', null);
    const doc = scene();
    expect(modelGripsProvider(host(null)).draw(doc, 1).handles).toEqual([]);
    expect(modelGripsProvider(host(7)).draw(doc, 1).handles).toEqual([]);
    const { handles } = modelGripsProvider(host(1)).draw(doc, 1);
    expect(handles.map((h) => [h.key, h.grip, h.className, h.gripClass])).toEqual([
      ['1/turn', 'round', 'model-handle turn', 'model-turn'],
      ['1/scale', 'diamond', 'model-handle scale', 'model-scale'],
      ['1/move', 'centre', 'model-handle move', 'model-move'],
    ]);
    expect(handles[2].scene).toEqual([200, 100]);
    expect(handles[0].stem).toEqual([200, 100]);
    expect(handles.map((h) => h.title)).toEqual([
      'Drag to turn the model “hero” (Shift: 15° steps)',
      'Drag to scale the model “hero”: away from it to enlarge, towards it to shrink (Shift: 0.1 steps)',
      'Drag to move the model “hero” (Shift: snap to the grid, 10 px without it)',
    ]);
    setLang('zh-CN', null);
    expect(modelGripsProvider(host(1)).draw(doc, 1).handles[2].title).toBe('拖动以移动模型“hero”（按住 Shift：吸附到网格，无网格时 10 像素）');
  });

  it('draws nothing for a hidden model', () => {
    const doc = scene();
    doc.models[1].visible = false;
    expect(modelGripsProvider(host(1)).draw(doc, 1).handles).toEqual([]);
  });

  it('drags a copy, commits only the model\'s transform, with the panel\'s labels', () => {
    const grips = modelGripsProvider(host(1));
    const recorded = scene();
    const moved = structuredClone(recorded);
    grips.drag(moved, '1/move', { from: [200, 100], to: [247.123, 88.5], snap: false, snapSpacing: 10 }, recorded);
    expect(moved.models[1].transform).toEqual({ x: 247.12, y: 88.5, rotationDeg: 0, scaleX: 1, scaleY: 1 });
    expect(recorded.models[1].transform.x).toBe(200);
    // Shift: onto the overlay's grid (its spacing at the view's zoom).
    const snapped = structuredClone(recorded);
    grips.drag(snapped, '1/move', { from: [200, 100], to: [247.123, 88.5], snap: true, snapSpacing: 20 }, recorded);
    expect(snapped.models[1].transform).toMatchObject({ x: 240, y: 80 });
    // Past the limits: at them.
    const edge = structuredClone(recorded);
    grips.drag(edge, '1/move', { from: [200, 100], to: [1_000_200, -2e6], snap: false, snapSpacing: 10 }, recorded);
    expect(edge.models[1].transform).toMatchObject({ x: 1_000_000, y: -1_000_000 });
    const turned = structuredClone(recorded);
    grips.drag(turned, '1/turn', { from: [256, 100], to: [201, 150], snap: true, snapSpacing: 10 }, recorded);
    expect(turned.models[1].transform.rotationDeg).toBe(90);
    const scaled = structuredClone(recorded);
    scaled.models[1].transform.scaleX = -1;
    const base = structuredClone(scaled);
    grips.drag(scaled, '1/scale', { from: [200 - S, 100 + S], to: [200 - 1.5 * S, 100 + 1.5 * S], snap: false, snapSpacing: 10 }, base);
    expect(scaled.models[1].transform).toEqual({ x: 200, y: 100, rotationDeg: 0, scaleX: -1.5, scaleY: 1.5 });
    const far = structuredClone(recorded);
    grips.drag(far, '1/scale', { from: [200 + S, 100 + S], to: [200 + 900 * S, 100 + 900 * S], snap: false, snapSpacing: 10 }, recorded);
    expect(far.models[1].transform.scaleY).toBe(100);

    const target = scene();
    target.models[1].speed = 3;
    grips.commit(target, moved, '1/move');
    expect(target.models[1].transform).toEqual(moved.models[1].transform);
    expect(target.models[1].speed).toBe(3);
    expect(target.models[0]).toEqual(recorded.models[0]);
    expect([grips.label('1/move'), grips.label('1/turn'), grips.label('1/scale')]).toEqual([t('position'), t('rotation'), t('scale')]);
  });

  it('previews through the engine (no preview of its own) and reads only its own keys', () => {
    const grips = modelGripsProvider(host(1));
    expect(grips.preview).toBeUndefined();
    expect(parseModelGripKey(modelGripKey({ model: 4, role: 'scale' }))).toEqual({ model: 4, role: 'scale' });
    expect(parseModelGripKey('1/0/move')).toBeNull();
    expect(parseModelGripKey('1/spin')).toBeNull();
    const untouched = scene();
    grips.drag(untouched, '9/move', { from: [0, 0], to: [5, 5], snap: false, snapSpacing: 10 }, scene());
    expect(untouched).toEqual(scene());
  });
});
