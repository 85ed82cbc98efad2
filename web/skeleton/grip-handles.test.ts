// The skeleton grips as an overlay provider (grip-handles.ts): drawn only for the skeleton the
// panel shows and only while it is shown (eye on), numbered and titled in the UI language; a drag
// chooses the instance in the panel, edits a copy and commits only what it changed (a scale
// and a move within the host's limits, a Shift move on the overlay's grid); previews go to the
// host.
import { afterEach, describe, expect, it } from 'vitest';
import type { Scene } from '../document/types';
import { setLang, t } from '../i18n';
import { gripKey, parseGripKey, skeletonGrips, type SkeletonGripsHost } from './grip-handles';
import { newSkeletonEntry } from './object/doc';
import { SCALE_GRIP_CSS_PX, TURN_KNOB_CSS_PX, type PlacedLimits } from '../editor/placement-grips';

afterEach(() => setLang('zh-CN', null));

/** A document with two skeletons; the second at (200, 100) with a pair instance at (300, 100). */
function scene(): Scene {
  const doc = { systems: [], skeletons: [] } as unknown as Scene;
  const a = newSkeletonEntry(doc, { key: 'a', path: 'coin.json', atlas: 'coin.atlas' }, 0, 0);
  const b = newSkeletonEntry(doc, { key: 'b', path: 'vine.json', atlas: 'vine.atlas' }, 200, 100);
  b.extraInstances = [[300, 100]];
  doc.skeletons = [a, b];
  return doc;
}

/** The core's limits (±1 000 000 px and degrees) with scales up to {@link scaleMax}. */
const limits = (scaleMax = 1000): PlacedLimits => ({ x: { min: -1e6, max: 1e6 }, y: { min: -1e6, max: 1e6 }, rotationDeg: { min: -1e6, max: 1e6 }, scaleMax });

/** A host showing skeleton `shown` (the core's limits, scales up to 100), recording what it is asked. */
function host(shown: number | null): SkeletonGripsHost & { selected: number[]; previews: (Scene | null)[] } {
  const selected: number[] = [];
  const previews: (Scene | null)[] = [];
  return { selected, previews, shown: () => shown, selectInstance: (i) => void selected.push(i), preview: (d) => void previews.push(d), limits: () => limits(100) };
}

/** The diamond's offset from its instance at zoom 1 (unturned: below-right). */
const S = SCALE_GRIP_CSS_PX * Math.SQRT1_2;

describe('skeleton grips', () => {
  it('draw a numbered move grip, a turn knob and a scale diamond per instance of the shown skeleton only', () => {
    setLang('en', null);
    const doc = scene();
    expect(skeletonGrips(host(null)).draw(doc, 1).handles).toEqual([]);
    const { handles } = skeletonGrips(host(1)).draw(doc, 2);
    const round = (p: [number, number]): number[] => p.map((v) => Math.round(v * 1000) / 1000);
    expect(handles.map((h) => [h.key, round(h.scene), h.grip, h.label ?? null])).toEqual([
      ['1/0/turn', [200 + TURN_KNOB_CSS_PX / 2, 100], 'round', null],
      ['1/0/scale', round([200 + S / 2, 100 + S / 2]), 'diamond', null],
      ['1/0/move', [200, 100], 'centre', '1'],
      ['1/1/turn', [300 + TURN_KNOB_CSS_PX / 2, 100], 'round', null],
      ['1/1/scale', round([300 + S / 2, 100 + S / 2]), 'diamond', null],
      ['1/1/move', [300, 100], 'centre', '2'],
    ]);
    expect(handles.every((h) => h.className.startsWith('skeleton-handle ') && h.gripClass.startsWith('skeleton-'))).toBe(true);
    expect(handles[2].title).toBe('Drag to move instance 1 (Shift: snap to the grid, 10 px without it)');
    expect(handles[3].title).toBe('Drag to turn instance 2 (Shift: 15° steps)');
    expect(handles[4].title).toBe('Drag to scale instance 2: away from it to enlarge, towards it to shrink (Shift: 0.1 steps)');
    expect(handles[4].cursor).toBe('nwse-resize');
    expect(handles[3].stem).toEqual([300, 100]);
    setLang('zh-CN', null);
    const zh = skeletonGrips(host(1)).draw(doc, 1).handles;
    expect(zh[5].title).toBe('拖动以移动实例 2（按住 Shift：吸附到网格，无网格时 10 像素）');
    expect(zh[4].title).toBe('拖动以缩放实例 2：远离它放大，靠近它缩小（按住 Shift：以 0.1 为步长）');
  });

  it('draw nothing for a hidden skeleton or an entry no longer there', () => {
    const doc = scene();
    doc.skeletons[1].visible = false;
    expect(skeletonGrips(host(1)).draw(doc, 1).handles).toEqual([]);
    expect(skeletonGrips(host(5)).draw(doc, 1).handles).toEqual([]);
  });

  it('a drag chooses the instance in the panel, moves a copy and commits that instance only', () => {
    const h = host(1);
    const grips = skeletonGrips(h);
    const recorded = scene();
    grips.begin('1/1/move');
    expect(h.selected).toEqual([1]);
    const draft = structuredClone(recorded);
    grips.drag(draft, '1/1/move', { from: [300, 100], to: [347.123, 88.5], snap: false, snapSpacing: 10 }, recorded);
    expect(draft.skeletons[1].extraInstances).toEqual([[347.12, 88.5]]);
    expect(recorded.skeletons[1].extraInstances).toEqual([[300, 100]]);
    // Shift: onto the overlay's grid (its spacing at the view's zoom).
    const snapped = structuredClone(recorded);
    grips.drag(snapped, '1/1/move', { from: [300, 100], to: [347.123, 88.5], snap: true, snapSpacing: 25 }, recorded);
    expect(snapped.skeletons[1].extraInstances).toEqual([[350, 100]]);
    // Past the limits: at them.
    const edge = structuredClone(recorded);
    grips.drag(edge, '1/1/move', { from: [300, 100], to: [1_000_300, 2e6], snap: true, snapSpacing: 25 }, recorded);
    expect(edge.skeletons[1].extraInstances).toEqual([[1_000_000, 1_000_000]]);
    // The commit copies the dragged instance onto the recorded document, nothing else.
    const target = scene();
    target.skeletons[1].speed = 3;
    grips.commit(target, draft, '1/1/move');
    expect(target.skeletons[1].extraInstances).toEqual([[347.12, 88.5]]);
    expect(target.skeletons[1].speed).toBe(3);
    expect(target.skeletons[1].transform).toEqual(recorded.skeletons[1].transform);
    expect(grips.label('1/1/move')).not.toBe(grips.label('1/1/turn'));
  });

  it('turning a pair gives it its own five numbers, snapped with Shift, unwrapped against the last preview', () => {
    const grips = skeletonGrips(host(1));
    const recorded = scene();
    const draft = structuredClone(recorded);
    // The knob of instance 2 (at (300, 100), 0°) taken a quarter turn clockwise, a little short.
    grips.drag(draft, '1/1/turn', { from: [328, 100], to: [301, 140], snap: true, snapSpacing: 10 }, recorded);
    expect(draft.skeletons[1].extraInstances).toEqual([[300, 100, 90, 1, 1]]);
    // Past half a turn after a preview at 170°: 190°, not −170°.
    const previous = structuredClone(recorded);
    previous.skeletons[1].extraInstances = [[300, 100, 170, 1, 1]];
    const on = structuredClone(recorded);
    const at = (deg: number): [number, number] => [300 + 28 * Math.cos((deg * Math.PI) / 180), 100 + 28 * Math.sin((deg * Math.PI) / 180)];
    grips.drag(on, '1/1/turn', { from: [328, 100], to: at(190), snap: false, snapSpacing: 10 }, previous);
    expect(on.skeletons[1].extraInstances[0][2]).toBe(190);
    // Instance 1 turns the transform.
    const first = structuredClone(recorded);
    grips.drag(first, '1/0/turn', { from: [228, 100], to: [200, 72], snap: false, snapSpacing: 10 }, recorded);
    expect(first.skeletons[1].transform.rotationDeg).toBe(-90);
    const target = scene();
    grips.commit(target, first, '1/0/turn');
    expect(target.skeletons[1].transform.rotationDeg).toBe(-90);
    expect(target.skeletons[1].extraInstances).toEqual([[300, 100]]);
  });

  it('scaling a pair gives it its own five numbers with its scale times the factor, within the host\'s limit', () => {
    const grips = skeletonGrips(host(1));
    const recorded = scene();
    recorded.skeletons[1].transform.scaleX = -1;
    // Instance 2 (a pair at (300, 100) sharing the flip): its diamond, below-left, dragged to 1.5 times its distance with Shift.
    const from: [number, number] = [300 - S, 100 + S];
    const draft = structuredClone(recorded);
    grips.drag(draft, '1/1/scale', { from, to: [300 - 1.52 * S, 100 + 1.52 * S], snap: true, snapSpacing: 10 }, recorded);
    expect(draft.skeletons[1].extraInstances).toEqual([[300, 100, 0, -1.5, 1.5]]);
    expect(draft.skeletons[1].transform.scaleX).toBe(-1);
    const far = structuredClone(recorded);
    grips.drag(far, '1/1/scale', { from, to: [300 - 500 * S, 100 + 500 * S], snap: false, snapSpacing: 10 }, recorded);
    expect(far.skeletons[1].extraInstances).toEqual([[300, 100, 0, -100, 100]]);
    const target = scene();
    grips.commit(target, draft, '1/1/scale');
    expect(target.skeletons[1].extraInstances).toEqual([[300, 100, 0, -1.5, 1.5]]);
    expect(grips.label('1/1/scale')).toBe(t('playEditPlacementScale'));
  });

  it('hands previews to the host and reads only its own keys', () => {
    const h = host(1);
    const grips = skeletonGrips(h);
    const doc = scene();
    grips.preview?.(doc);
    grips.preview?.(null);
    expect(h.previews).toEqual([doc, null]);
    expect(parseGripKey(gripKey({ skeleton: 3, instance: 2, role: 'turn' }))).toEqual({ skeleton: 3, instance: 2, role: 'turn' });
    expect(parseGripKey('1/x/move')).toBeNull();
    expect(parseGripKey('1/2/scale')).toEqual({ skeleton: 1, instance: 2, role: 'scale' });
    expect(parseGripKey('1/2/spin')).toBeNull();
    const untouched = scene();
    grips.drag(untouched, '1/7/move', { from: [0, 0], to: [5, 5], snap: false, snapSpacing: 10 }, scene());
    expect(untouched).toEqual(scene());
  });
});
