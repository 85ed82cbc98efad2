// The canvas grips of the model shown in the model panel: a move grip at its position, a turn knob
// on its turned +x axis and a scale diamond on its turned diagonal (grips.ts: positions and
// drags; editor/placement-handles.ts: how they are drawn). None while no model panel is open, and
// none for a hidden model (eye off).
// A scene provider of the canvas overlay (editor/gizmo-overlay.ts): a drag edits a copy of the
// document, which the overlay previews through the engine (the engine draws models: it gets the
// edited copy, as for a system handle: the provider has no `preview` of its own), and records one undo step on release with the
// model panel's labels (Position, Rotation, Scale). Shift snaps positions to the canvas grid (as
// the force centres: the overlay's `snapSpacing`), angles to `SNAP_DEG` and the scale to
// `SNAP_SCALE`; otherwise values are rounded to 0.01. Every value stays within the schema's limits
// (the host's `limits`): a drag past one stops there. A scale keeps the model's flip.

import type { Scene } from '../document/types';
import type { GizmoDrawing, GizmoPointer, SceneGizmoProvider } from '../editor/gizmo-overlay';
import { isGripRole, placedHandles, type GripRole } from '../editor/placement-handles';
import { SNAP_DEG } from '../editor/drag-steps';
import type { PlacedLimits } from '../editor/placement-grips';
import { t, type MessageKey } from '../i18n';
import { modelGrips, moveModel, scaleModel, turnModel } from './grips';

/** What the model grips need from the editor. */
export interface ModelGripsHost {
  /** Index in `doc.models` of the model the open model panel shows, or null (no panel open). */
  shown(doc: Scene): number | null;
  /** What the schema keeps a model's placement within (editor/placement-grips.ts `placedLimits`). */
  limits(): PlacedLimits;
}

/** The tooltip of each role (`{name}`: the model's name). */
const TITLES: Record<GripRole, MessageKey> = { move: 'gizmoModelMove', turn: 'gizmoModelTurn', scale: 'gizmoModelScale' };
/** The undo label of each role: the model panel's field labels. */
const LABELS: Record<GripRole, MessageKey> = { move: 'position', turn: 'rotation', scale: 'scale' };

/** A model grip's key: model and role, `"<model>/<role>"`. */
export interface ModelGripKey {
  /** Index in `doc.models`. */
  model: number;
  /** What it changes. */
  role: GripRole;
}

/** The key text of a model grip. */
export function modelGripKey(k: ModelGripKey): string {
  return `${k.model}/${k.role}`;
}

/** The model grip of a key text, or null when it is not one. */
export function parseModelGripKey(key: string): ModelGripKey | null {
  const m = /^(\d+)\/(\w+)$/.exec(key);
  return m === null || !isGripRole(m[2]) ? null : { model: Number(m[1]), role: m[2] };
}

/** The model-grip provider over `host`. */
export function modelGripsProvider(host: ModelGripsHost): SceneGizmoProvider {
  return {
    name: 'model',

    draw(doc: Scene, zoom: number): GizmoDrawing {
      const model = host.shown(doc);
      const m = model === null ? undefined : doc.models[model];
      if (model === null || m === undefined || !m.visible) return { paths: [], handles: [] };
      const name = m.name;
      return {
        paths: [],
        handles: placedHandles(modelGrips(m, zoom), { key: (role) => modelGripKey({ model, role }), kind: 'model', title: (role) => t(TITLES[role], { name }) }),
      };
    },

    begin(): void {
      // The open panel already shows the model (its fields follow the recorded edit).
    },

    drag(doc: Scene, key: string, p: GizmoPointer, previous: Scene): void {
      const g = parseModelGripKey(key);
      const m = g === null ? undefined : doc.models[g.model];
      if (g === null || m === undefined) return;
      const limits = host.limits();
      if (g.role === 'move') moveModel(m, p.to, p.snap ? p.snapSpacing : null, limits);
      else if (g.role === 'scale') scaleModel(m, p.from, p.to, p.snap, limits);
      else turnModel(m, p.from, p.to, previous.models[g.model]?.transform.rotationDeg ?? null, p.snap ? SNAP_DEG : null, limits);
    },

    commit(target: Scene, draft: Scene, key: string): void {
      const g = parseModelGripKey(key);
      const to = g === null ? undefined : target.models[g.model];
      const from = g === null ? undefined : draft.models[g.model];
      if (to !== undefined && from !== undefined) to.transform = { ...from.transform };
    },

    label: (key) => t(LABELS[parseModelGripKey(key)?.role ?? 'move']),

  };
}
