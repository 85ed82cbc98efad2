// The canvas grips of the skeleton shown in the skeleton panel: for each of its placed instances a
// move grip at the instance's position, labelled with its number as the panel's Instance menu
// numbers them (1, 2, …), and a turn knob on its turned +x axis (object/grips.ts: positions and
// drags). None while no skeleton panel is open, and none for a hidden skeleton (eye off).
// A scene provider of the canvas overlay (editor/gizmo-overlay.ts): a drag begins by choosing the
// instance in the panel's Instance menu, previews the edited copy of the document through the
// players (and what follows them), and records one undo step on release — the panel's own
// edits (setInstancePosition keeps an extra instance's form; setInstanceTurn gives an extra
// instance in the pair form its own five numbers). Shift snaps positions to `SNAP_PX` and angles
// to `SNAP_DEG`, as the emitter gizmo does; otherwise values are rounded to 0.01.

import type { Scene } from '../document/types';
import type { GizmoDrawing, GizmoHandle, GizmoPointer, SceneGizmoProvider } from '../editor/gizmo-overlay';
import { SNAP_DEG, SNAP_PX } from '../editor/shape-drag';
import { t } from '../i18n';
import { instanceGrips, moveInstance, turnInstance } from './object/grips';
import { instancePlacement } from './object/instances';

/** What the skeleton grips need from the editor. */
export interface SkeletonGripsHost {
  /** Index in `doc.skeletons` of the skeleton the open skeleton panel shows, or null (no panel open). */
  shown(doc: Scene): number | null;
  /** Makes instance `index` (0: the first) the one the panel's Instance menu edits. */
  selectInstance(index: number): void;
  /** Shows `draft`'s skeletons on the canvas (null: the recorded document's again). */
  preview(draft: Scene | null): void;
}

/** What a grip moves: `move` (the position) or `turn` (the rotation). */
export type GripRole = 'move' | 'turn';

/** A grip's key: skeleton, instance and role, `"<skeleton>/<instance>/<role>"`. */
export interface GripKey {
  /** Index in `doc.skeletons`. */
  skeleton: number;
  /** Placed instance (0: the first). */
  instance: number;
  /** What it moves. */
  role: GripRole;
}

/** The key text of a grip. */
export function gripKey(k: GripKey): string {
  return `${k.skeleton}/${k.instance}/${k.role}`;
}

/** The grip of a key text, or null when it is not one. */
export function parseGripKey(key: string): GripKey | null {
  const m = /^(\d+)\/(\d+)\/(move|turn)$/.exec(key);
  return m === null ? null : { skeleton: Number(m[1]), instance: Number(m[2]), role: m[3] as GripRole };
}

/** The skeleton-grip provider over `host`. */
export function skeletonGrips(host: SkeletonGripsHost): SceneGizmoProvider {
  return {
    name: 'skeleton',

    draw(doc: Scene, zoom: number): GizmoDrawing {
      const skeleton = host.shown(doc);
      const k = skeleton === null ? undefined : doc.skeletons[skeleton];
      if (skeleton === null || k === undefined || !k.visible) return { paths: [], handles: [] };
      const handles: GizmoHandle[] = [];
      for (const g of instanceGrips(k, zoom)) {
        const n = g.index + 1;
        handles.push(
          {
            key: gripKey({ skeleton, instance: g.index, role: 'turn' }),
            scene: g.turn,
            className: 'skeleton-handle turn',
            gripClass: 'skeleton-turn',
            grip: 'round',
            cursor: 'grab',
            title: t('gizmoInstanceTurn', { n }),
            stem: g.move,
          },
          {
            key: gripKey({ skeleton, instance: g.index, role: 'move' }),
            scene: g.move,
            className: 'skeleton-handle move',
            gripClass: 'skeleton-move',
            grip: 'centre',
            cursor: 'move',
            title: t('gizmoInstanceMove', { n }),
            label: String(n),
          },
        );
      }
      return { paths: [], handles };
    },

    begin(key: string): void {
      const g = parseGripKey(key);
      if (g !== null) host.selectInstance(g.instance);
    },

    drag(doc: Scene, key: string, p: GizmoPointer, previous: Scene): void {
      const g = parseGripKey(key);
      const k = g === null ? undefined : doc.skeletons[g.skeleton];
      if (g === null || k === undefined || instancePlacement(k, g.instance) === null) return;
      if (g.role === 'move') {
        moveInstance(k, g.instance, p.to, p.snap ? SNAP_PX : null);
      } else {
        const before = previous.skeletons[g.skeleton];
        const last = before === undefined ? null : (instancePlacement(before, g.instance)?.rotationDeg ?? null);
        turnInstance(k, g.instance, p.from, p.to, last, p.snap ? SNAP_DEG : null);
      }
    },

    commit(target: Scene, draft: Scene, key: string): void {
      const g = parseGripKey(key);
      const to = g === null ? undefined : target.skeletons[g.skeleton];
      const from = g === null ? undefined : draft.skeletons[g.skeleton];
      if (g === null || to === undefined || from === undefined) return;
      if (g.instance === 0) {
        to.transform = { ...from.transform };
        return;
      }
      const e = from.extraInstances[g.instance - 1];
      if (e !== undefined && g.instance - 1 < to.extraInstances.length) to.extraInstances[g.instance - 1] = [...e] as typeof e;
    },

    label: (key) => t(parseGripKey(key)?.role === 'turn' ? 'playEditRotation' : 'playEditPosition'),

    preview: (draft) => host.preview(draft),
  };
}
