// The editor's canvas gizmos: the overlay (gizmo-overlay.ts) with every provider, wired to the
// editor's parts. System providers: the selected system's emitter shape (shape-handles.ts) and
// force centres (force-handles.ts), drawn about the system's effective origin (a follower's on
// its bone). Scene providers: the grips of the skeleton shown in the skeleton panel (a drag
// previews through the players and the bone tracks of the systems following them: the engine
// does not draw skeletons) and of the model shown in the model panel (the engine draws models:
// a drag previews through it, as a system handle's does). A drag is one undo step of its own
// (the store's coalescing is broken before and after it).

import type { DocumentStore } from '../document/store';
import type { ParticleSystem, Scene } from '../document/types';
import type { Engine } from '../engine/engine';
import { modelGripsProvider } from '../models/grip-handles';
import type { ModelObjects } from '../models/objects';
import { skeletonGrips } from '../skeleton/grip-handles';
import type { SkeletonObjects } from '../skeleton/skeletons';
import { byId } from '../ui/dom';
import { forceHandlesProvider } from './force-handles';
import { GizmoOverlay } from './gizmo-overlay';
import { placedLimits } from './placement-grips';
import { shapeHandlesProvider } from './shape-handles';
import type { Viewport } from './viewport';

/** What the gizmos need of the editor (the object parts are asked for lazily: built after). */
export interface CanvasGizmoParts {
  /** The canvas view. */
  viewport: Viewport;
  /** The wasm engine (previews, the field schema's limits). */
  engine: Engine;
  /** The recorded document. */
  store: DocumentStore;
  /** Index of the selected system (-1: none). */
  selected(): number;
  /** Records an edit (one undo step; false when refused, which the editor reports). */
  edit(label: string, mutate: (draft: Scene) => void): boolean;
  /** The effective origin of a system following a bone at `timeSecs`, else null. */
  followedOrigin(system: ParticleSystem, timeSecs: number): [number, number] | null;
  /** The placed skeletons. */
  skeletons(): SkeletonObjects;
  /** The placed MS3D models. */
  models(): ModelObjects;
  /** Re-derives the followed bone tracks (after a skeleton drag's preview placed the players). */
  updateFollow(): void;
}

/** The overlay over `#viewport` with every provider (see the module comment). */
export function canvasGizmos(p: CanvasGizmoParts): GizmoOverlay {
  const schema = () => p.engine.fieldSchema();
  return new GizmoOverlay(
    byId('viewport'),
    p.viewport,
    p.engine,
    {
      doc: () => p.store.doc,
      json: () => p.store.json,
      selected: () => p.selected(),
      origin: (doc, i, time) => {
        const s = doc.systems[i];
        return s === undefined ? [0, 0] : (p.followedOrigin(s, time) ?? [s.transform.x, s.transform.y]);
      },
      edit: (label, mutate) => {
        p.store.breakCoalescing();
        const ok = p.edit(label, mutate);
        p.store.breakCoalescing();
        return ok;
      },
    },
    [shapeHandlesProvider(schema), forceHandlesProvider(schema)],
    [
      skeletonGrips({
        shown: (doc) => p.skeletons().shownIndex(doc),
        selectInstance: (index) => p.skeletons().selectInstance(index),
        preview: (draft) => {
          p.skeletons().preview(draft?.skeletons ?? null);
          p.updateFollow();
        },
        limits: () => placedLimits(schema(), 'skeletons'),
      }),
      modelGripsProvider({ shown: (doc) => p.models().shownIndex(doc), limits: () => placedLimits(schema(), 'models') }),
    ],
  );
}
