// The scene list's collider and path sections: select (on the canvas), eye, rename, delete, and
// the add menus that start drawing on the canvas. Each edit is one undo step. A path's new name
// must be unused among the paths (systems follow a path by name: their `pathFollow.path` is
// renamed with it).

import type { MessageKey } from '../i18n';
import { t } from '../i18n';
import type { Scene } from '../document/types';
import type { ObjectListHost } from '../editor/sceneList';
import type { ObjectCanvas } from './canvas';
import { COLLIDER_TOOLS, objectsOf, PATH_KINDS, type ColliderTool, type ObjectRef } from './shapes';
import type { PathKind } from '../generated/contract';

/** What the list hosts need. */
export interface ObjectListDeps {
  /** The canvas tools (selection, drawing, delete). */
  readonly canvas: ObjectCanvas;
  /** The recorded document. */
  doc(): Scene;
  /** Records an edit (one undo step). */
  edit(label: string, mutate: (d: Scene) => void): boolean;
  /** Shows an error. */
  error(text: string): void;
}

const COLLIDER_LABELS: Record<ColliderTool, MessageKey> = {
  segment: 'toolSegment',
  polyline: 'toolPolyline',
  polygon: 'toolPolygon',
  circle: 'toolCircle',
  rect: 'toolRect',
};

const PATH_LABELS: Record<PathKind, MessageKey> = {
  polyline: 'pathPolyline',
  catmullRom: 'pathCatmullRom',
  bezier: 'pathBezier',
};

/** Renames path `old` to `name` in `doc` with every system following it. */
export function renamePath(doc: Scene, index: number, name: string): void {
  const path = (doc.paths ?? [])[index];
  if (path === undefined) return;
  for (const sys of doc.systems) if (sys.pathFollow !== undefined && sys.pathFollow.path === path.name) sys.pathFollow.path = name;
  path.name = name;
}

/** The scene list hosts of the colliders and the paths. */
export function objectListHosts(deps: ObjectListDeps): { colliders: ObjectListHost; paths: ObjectListHost } {
  const host = (kind: ObjectRef['kind']): ObjectListHost => ({
    selectedName: () => {
      const ref = deps.canvas.selected();
      return ref?.kind === kind ? (objectsOf(deps.doc(), kind)[ref.index]?.name ?? null) : null;
    },
    selectedIndex: () => {
      const ref = deps.canvas.selected();
      return ref?.kind === kind ? ref.index : -1;
    },
    select: (index) => deps.canvas.select({ kind, index }),
    rename: (index, raw) => {
      const name = raw.trim();
      const list = objectsOf(deps.doc(), kind);
      if (name === '' || list.some((o, i) => i !== index && o.name === name)) {
        deps.error(t('objectNameTaken', { name }));
        return false;
      }
      return deps.edit(t('rename'), (d) => {
        if (kind === 'path') renamePath(d, index, name);
        else {
          const c = (d.colliders ?? [])[index];
          if (c !== undefined) c.name = name;
        }
      });
    },
    remove: (index) => deps.canvas.remove({ kind, index }),
    toggleVisible: (index) => {
      const o = objectsOf(deps.doc(), kind)[index];
      if (o === undefined) return;
      deps.edit(o.visible ? t('hide') : t('show'), (d) => {
        const target = objectsOf(d, kind)[index];
        if (target !== undefined) target.visible = !target.visible;
      });
    },
    problem: () => null,
    addMenu:
      kind === 'collider'
        ? { label: 'addCollider', choices: COLLIDER_TOOLS.map((k) => [k, COLLIDER_LABELS[k]] as const), pick: (v) => deps.canvas.startDrawing({ target: 'collider', kind: v as ColliderTool }) }
        : { label: 'addPath', choices: PATH_KINDS.map((k) => [k, PATH_LABELS[k]] as const), pick: (v) => deps.canvas.startDrawing({ target: 'path', kind: v as PathKind }) },
  });
  return { colliders: host('collider'), paths: host('path') };
}
