// The skeleton grips as an overlay provider (grip-handles.ts): drawn only for the skeleton the
// panel shows and only while it is shown (eye on), numbered and titled in the UI language; a drag
// chooses the instance in the panel, edits a copy and commits only what it changed; previews go
// to the host.
import { afterEach, describe, expect, it } from 'vitest';
import type { Scene } from '../document/types';
import { setLang } from '../i18n';
import { gripKey, parseGripKey, skeletonGrips, type SkeletonGripsHost } from './grip-handles';
import { newSkeletonEntry } from './object/doc';
import { TURN_KNOB_CSS_PX } from './object/grips';

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

/** A host showing skeleton `shown`, recording what it is asked. */
function host(shown: number | null): SkeletonGripsHost & { selected: number[]; previews: (Scene | null)[] } {
  const selected: number[] = [];
  const previews: (Scene | null)[] = [];
  return { selected, previews, shown: () => shown, selectInstance: (i) => void selected.push(i), preview: (d) => void previews.push(d) };
}

describe('skeleton grips', () => {
  it('draw a numbered move grip and a turn knob per instance of the shown skeleton only', () => {
    setLang('en', null);
    const doc = scene();
    expect(skeletonGrips(host(null)).draw(doc, 1).handles).toEqual([]);
    const { handles } = skeletonGrips(host(1)).draw(doc, 2);
    expect(handles.map((h) => [h.key, h.scene, h.grip, h.label ?? null])).toEqual([
      ['1/0/turn', [200 + TURN_KNOB_CSS_PX / 2, 100], 'round', null],
      ['1/0/move', [200, 100], 'centre', '1'],
      ['1/1/turn', [300 + TURN_KNOB_CSS_PX / 2, 100], 'round', null],
      ['1/1/move', [300, 100], 'centre', '2'],
    ]);
    expect(handles.every((h) => h.className.startsWith('skeleton-handle ') && h.gripClass.startsWith('skeleton-'))).toBe(true);
    expect(handles[1].title).toBe('Drag to move instance 1 (Shift: 10 px steps)');
    expect(handles[2].title).toBe('Drag to turn instance 2 (Shift: 15° steps)');
    expect(handles[2].stem).toEqual([300, 100]);
    setLang('zh-CN', null);
    expect(skeletonGrips(host(1)).draw(doc, 1).handles[3].title).toBe('拖动以移动实例 2（按住 Shift：以 10 像素为步长）');
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
    // Shift: 10 px steps.
    const snapped = structuredClone(recorded);
    grips.drag(snapped, '1/1/move', { from: [300, 100], to: [347.123, 88.5], snap: true, snapSpacing: 25 }, recorded);
    expect(snapped.skeletons[1].extraInstances).toEqual([[350, 90]]);
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

  it('hands previews to the host and reads only its own keys', () => {
    const h = host(1);
    const grips = skeletonGrips(h);
    const doc = scene();
    grips.preview(doc);
    grips.preview(null);
    expect(h.previews).toEqual([doc, null]);
    expect(parseGripKey(gripKey({ skeleton: 3, instance: 2, role: 'turn' }))).toEqual({ skeleton: 3, instance: 2, role: 'turn' });
    expect(parseGripKey('1/x/move')).toBeNull();
    const untouched = scene();
    grips.drag(untouched, '1/7/move', { from: [0, 0], to: [5, 5], snap: false, snapSpacing: 10 }, scene());
    expect(untouched).toEqual(scene());
  });
});
