// The emitter-shape gizmo: the outline of the selected system's emitter shape (circle, ring,
// arc, rectangle, rounded rectangle, line; an edge band as its two outlines) and handles to
// resize it, change the arc's start and span, turn the system (shapes with a direction) and scale
// it (every shape, the point too).
// One provider of the canvas overlay (gizmo-overlay.ts); geometry in shape-geometry.ts, the drags
// in shape-drag.ts, limits from the core's field schema.

import type { FieldSchema, ParticleSystem } from '../generated/contract';
import type { MessageKey } from '../i18n';
import { t } from '../i18n';
import type { GizmoDrag, GizmoDrawing, GizmoProvider } from './gizmo-overlay';
import { type FieldLimits, schemaLimits } from './drag-steps';
import { dragShape } from './shape-drag';
import { resizeCursor, shapeHandles, shapeOutline, type Pt, type ShapeHandleKey } from './shape-geometry';

const TITLES: Record<ShapeHandleKey, MessageKey> = {
  radius: 'gizmoRadius',
  inner: 'gizmoInner',
  width: 'gizmoWidth',
  height: 'gizmoHeight',
  size: 'gizmoSize',
  corner: 'gizmoCorner',
  start: 'gizmoLineEnd',
  end: 'gizmoLineEnd',
  span: 'gizmoArcSpan',
  rotate: 'gizmoRotate',
  scale: 'gizmoScale',
};

/** The emitter-shape provider; `schema` gives the field limits. */
export function shapeHandlesProvider(schema: () => FieldSchema): GizmoProvider {
  const limitsOf = (path: string): FieldLimits => schemaLimits(schema())(path);
  return {
    name: 'shape',

    draw(sys: ParticleSystem, origin: Pt, zoom: number): GizmoDrawing {
      const outline = shapeOutline(sys, origin);
      const arc = sys.emitter.kind === 'arc';
      return {
        paths:
          outline === null
            ? []
            : [
                { className: `shape-outline ${outline.fill} ${sys.emitter.kind}`, polylines: outline.edges },
                ...(outline.guides.length > 0 ? [{ className: 'shape-guide', polylines: outline.guides }] : []),
              ],
        handles: shapeHandles(sys, origin, zoom).map((hd) => ({
          key: hd.key,
          scene: hd.scene,
          className: `shape-handle ${hd.role} ${hd.key}`,
          gripClass: 'shape-grip',
          grip: hd.role === 'resize' ? 'square' : hd.role === 'scale' ? 'diamond' : 'round',
          cursor: hd.role === 'resize' || hd.role === 'scale' ? resizeCursor(hd.axis) : 'grab',
          title: t(arc && hd.key === 'start' ? 'gizmoArcStart' : TITLES[hd.key]),
          stem: hd.stem,
        })),
      };
    },

    drag(sys: ParticleSystem, key: string, d: GizmoDrag, previous: ParticleSystem): void {
      dragShape(sys, { key: key as ShapeHandleKey, origin: d.origin, from: d.from, to: d.to, snap: d.snap }, limitsOf, previous);
    },

    commit(target: ParticleSystem, draft: ParticleSystem): void {
      target.emitter = structuredClone(draft.emitter);
      target.transform.rotationDeg = draft.transform.rotationDeg;
      target.transform.scaleX = draft.transform.scaleX;
      target.transform.scaleY = draft.transform.scaleY;
    },

    label: (key) => t(key === 'rotate' ? 'rotateSystem' : key === 'scale' ? 'scaleSystem' : key === 'start' || key === 'span' ? 'turnEmitterArc' : 'resizeEmitterShape'),
  };
}
