// The canvas grips of the skeleton shown in the skeleton panel: for each of its placed instances a
// move grip at the instance's position, labelled with its number as the panel's Instance menu
// numbers them (1, 2, …), a turn knob on its turned +x axis and a scale diamond on its turned
// diagonal (object/grips.ts: positions and drags; editor/placement-handles.ts: how they are
// drawn). None while no skeleton panel is open, and none for a hidden skeleton (eye off).
// A scene provider of the canvas overlay (editor/gizmo-overlay.ts): a drag begins by choosing the
// instance in the panel's Instance menu, previews the edited copy of the document through the
// players (and what follows them), and records one undo step on release — the panel's own
// edits (setInstancePosition keeps an extra instance's form; setInstanceTurn gives an extra
// instance in the pair form its own five numbers, for a turn as for a scale). Shift snaps
// positions to the canvas grid (as the force centres: the overlay's `snapSpacing`), angles to
// `SNAP_DEG` and scales to `SNAP_SCALE`, as the emitter gizmo does; otherwise values are rounded
// to 0.01. Every value stays within the schema's limits (the host's `limits`): a drag past one
// stops there. A scale keeps the instance's flip.

import type { Scene } from '../document/types';
import type { GizmoDrawing, GizmoHandle, GizmoPointer, SceneGizmoProvider } from '../editor/gizmo-overlay';
import { isGripRole, placedHandles, type GripRole } from '../editor/placement-handles';
import { SNAP_DEG } from '../editor/drag-steps';
import type { PlacedLimits } from '../editor/placement-grips';
import { t, type MessageKey } from '../i18n';
import { instanceGrips, moveInstance, scaleInstance, turnInstance } from './object/grips';
import { instancePlacement } from './object/instances';

/** What the skeleton grips need from the editor. */
export interface SkeletonGripsHost {
  /** Index in `doc.skeletons` of the skeleton the open skeleton panel shows, or null (no panel open). */
  shown(doc: Scene): number | null;
  /** Makes instance `index` (0: the first) the one the panel's Instance menu edits. */
  selectInstance(index: number): void;
  /** Shows `draft`'s skeletons on the canvas (null: the recorded document's again). */
  preview(draft: Scene | null): void;
  /** What the schema keeps a skeleton's placements within (editor/placement-grips.ts `placedLimits`). */
  limits(): PlacedLimits;
}

export type { GripRole } from '../editor/placement-handles';

/** The tooltip of each role (`{n}`: the instance number). */
const TITLES: Record<GripRole, MessageKey> = { move: 'gizmoInstanceMove', turn: 'gizmoInstanceTurn', scale: 'gizmoInstanceScale' };
/** The undo label of each role: the panel's. */
const LABELS: Record<GripRole, MessageKey> = { move: 'playEditPosition', turn: 'playEditRotation', scale: 'playEditPlacementScale' };

/** A grip's key: skeleton, instance and role, `"<skeleton>/<instance>/<role>"`. */
export interface GripKey {
  /** Index in `doc.skeletons`. */
  skeleton: number;
  /** Placed instance (0: the first). */
  instance: number;
  /** What it changes. */
  role: GripRole;
}

/** The key text of a grip. */
export function gripKey(k: GripKey): string {
  return `${k.skeleton}/${k.instance}/${k.role}`;
}

/** The grip of a key text, or null when it is not one. */
export function parseGripKey(key: string): GripKey | null {
  const m = /^(\d+)\/(\d+)\/(\w+)$/.exec(key);
  return m === null || !isGripRole(m[3]) ? null : { skeleton: Number(m[1]), instance: Number(m[2]), role: m[3] };
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
          ...placedHandles(g, {
            key: (role) => gripKey({ skeleton, instance: g.index, role }),
            kind: 'skeleton',
            title: (role) => t(TITLES[role], { n }),
            label: String(n),
          }),
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
      const limits = host.limits();
      if (g.role === 'move') {
        moveInstance(k, g.instance, p.to, p.snap ? p.snapSpacing : null, limits);
      } else if (g.role === 'scale') {
        scaleInstance(k, g.instance, p.from, p.to, p.snap, limits);
      } else {
        const before = previous.skeletons[g.skeleton];
        const last = before === undefined ? null : (instancePlacement(before, g.instance)?.rotationDeg ?? null);
        turnInstance(k, g.instance, p.from, p.to, last, p.snap ? SNAP_DEG : null, limits);
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

    label: (key) => t(LABELS[parseGripKey(key)?.role ?? 'move']),

    preview: (draft) => host.preview(draft),
  };
}
