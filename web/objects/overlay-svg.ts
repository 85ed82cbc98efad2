// What the collider and path tools draw over the canvas (SVG, overlay pixels through `screen`):
// the selected object's points, Bézier handle ends with their stems, a circle's radius knob, a
// rectangle's corner grips and rotate knob (the only parts with their own pointer targets, class
// `object-grip`; everything else is found by the core's `hitObject`), and the object being drawn.

import { t } from '../i18n';
import { el, pathData } from '../editor/gizmo-overlay';
import type { Pt } from '../editor/shape-geometry';
import { isPath, pointsOf, type DrawTool, type SceneObject } from './shapes';

/** Distance of a rectangle's rotate knob beyond its top edge, CSS pixels. */
const ROTATE_KNOB_PX = 24;

/** The selected object's points, Bézier handles and knobs (`selectedPoint` highlighted), over `outline` as drawn. */
export function objectHandles(o: SceneObject, outline: Pt[], selectedPoint: number | null, screen: (p: Pt) => Pt): SVGElement[] {
  const parts: SVGElement[] = [];
  const square = (p: Pt, cls: string): SVGElement => {
    const [x, y] = screen(p);
    return el('rect', { class: cls, x: (x - 4).toFixed(1), y: (y - 4).toFixed(1), width: 8, height: 8 });
  };
  const knob = (p: Pt, cls: string, attrs: Record<string, string | number> = {}): SVGElement => {
    const [x, y] = screen(p);
    return el('circle', { class: cls, cx: x.toFixed(1), cy: y.toFixed(1), r: 5, ...attrs });
  };
  if (isPath(o) && o.kind === 'bezier') {
    o.points.forEach((p, k) => {
      const hd = o.handles?.[k];
      if (hd === undefined) return;
      for (const [key, off] of [['in', hd.in], ['out', hd.out]] as const) {
        if (off[0] === 0 && off[1] === 0) continue;
        const end: Pt = [p[0] + off[0], p[1] + off[1]];
        parts.push(el('path', { class: 'gizmo-stem', d: pathData([{ points: [p, end], closed: false }], screen) }));
        parts.push(knob(end, `object-handle ${key}`));
      }
    });
  }
  pointsOf(o).forEach((p, k) => {
    parts.push(square(p, `object-point${k === selectedPoint ? ' selected' : ''}`));
  });
  if (!isPath(o) && o.shape.kind === 'circle') parts.push(knob([o.shape.center[0] + o.shape.radius, o.shape.center[1]], 'object-radius'));
  if (!isPath(o) && o.shape.kind === 'rect' && outline.length >= 4) {
    outline.slice(0, 4).forEach((c, k) => parts.push(knob(c, 'gizmo-grip object-grip object-corner', { 'data-corner': k, style: 'cursor: move' })));
    const [a, b] = outline;
    const mid: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const [sx, sy] = screen(mid);
    const [cx, cy] = screen(o.shape.center);
    const away = Math.hypot(sx - cx, sy - cy) || 1;
    const [kx, ky] = [sx + ((sx - cx) / away) * ROTATE_KNOB_PX, sy + ((sy - cy) / away) * ROTATE_KNOB_PX];
    parts.push(el('path', { class: 'gizmo-stem', d: `M${sx.toFixed(1)},${sy.toFixed(1)}L${kx.toFixed(1)},${ky.toFixed(1)}` }));
    const rotate = el('circle', { class: 'gizmo-grip object-grip object-rotate', cx: kx.toFixed(1), cy: ky.toFixed(1), r: 6, style: 'cursor: grab' });
    const title = el('title');
    title.textContent = t('editRotate');
    rotate.append(title);
    parts.push(rotate);
  }
  return parts;
}

/** The object `tool` is drawing: the clicked points, and the shape they make with the pointer. */
export function drawingPreview(tool: DrawTool, clicks: Pt[], pointer: Pt | null, zoom: number, screen: (p: Pt) => Pt): SVGElement[] {
  const pts = pointer === null ? [...clicks] : [...clicks, pointer];
  const parts: SVGElement[] = [];
  const [a, b] = pts;
  if (tool.target === 'collider' && tool.kind === 'circle' && a !== undefined && b !== undefined) {
    const [cx, cy] = screen(a);
    parts.push(el('circle', { class: 'object-drawing', cx: cx.toFixed(1), cy: cy.toFixed(1), r: (Math.hypot(b[0] - a[0], b[1] - a[1]) * zoom).toFixed(1) }));
  } else if (tool.target === 'collider' && tool.kind === 'rect' && a !== undefined && b !== undefined) {
    parts.push(el('path', { class: 'object-drawing', d: pathData([{ points: [a, [b[0], a[1]], b, [a[0], b[1]]], closed: true }], screen) }));
  } else {
    parts.push(el('path', { class: 'object-drawing', d: pathData([{ points: pts, closed: tool.target === 'collider' && tool.kind === 'polygon' }], screen) }));
  }
  for (const p of clicks) {
    const [x, y] = screen(p);
    parts.push(el('rect', { class: 'object-point', x: (x - 4).toFixed(1), y: (y - 4).toFixed(1), width: 8, height: 8 }));
  }
  return parts;
}
