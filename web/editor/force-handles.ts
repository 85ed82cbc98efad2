// The force-centre gizmo: a handle at each vortex and attractor centre of the selected system and
// its radius drawn as a circle (an ellipse for Local-space particles of a scaled system), one
// provider of the canvas overlay (gizmo-overlay.ts). Dragging a centre moves it by the pointer's
// travel in scene units; Shift snaps it to the canvas grid (`SNAP_PX` when the grid is off:
// drag-steps.ts `positionSnapPx`). The stored centre is rounded to 0.01 and stays within the field
// schema's limits of its two numbers: dragged past one, it stops there.

import type { FieldSchema, ParticleSystem } from '../generated/contract';
import { t } from '../i18n';
import { optionLabel } from '../i18n/field-labels';
import { clampToLimits, round2, schemaLimits, snapPoint } from './drag-steps';
import { centreHandles, sceneToCentre } from './force-geometry';
import type { GizmoDrag, GizmoDrawing, GizmoProvider } from './gizmo-overlay';
import type { Pt } from './shape-geometry';

/** Points of the ellipse with half-axes `rx`, `ry` turned `rotationDeg` around `c`. */
function ellipse(c: Pt, rx: number, ry: number, rotationDeg: number): Pt[] {
  const r = (rotationDeg * Math.PI) / 180;
  const out: Pt[] = [];
  for (let k = 0; k < 96; k++) {
    const a = (k / 96) * 2 * Math.PI;
    const x = rx * Math.cos(a);
    const y = ry * Math.sin(a);
    out.push([c[0] + x * Math.cos(r) - y * Math.sin(r), c[1] + x * Math.sin(r) + y * Math.cos(r)]);
  }
  return out;
}

/** The schema path of a force centre's number `axis` (0: x, 1: y). */
function centrePath(kind: 'vortex' | 'attractor', axis: 0 | 1): string {
  return kind === 'vortex' ? `systems[].forces[](vortex).center[${axis}]` : `systems[].forces[](attractor).position[${axis}]`;
}

/** The force-centre provider; `schema` gives the field limits. */
export function forceHandlesProvider(schema: () => FieldSchema): GizmoProvider {
  return {
    name: 'force',

    draw(sys: ParticleSystem, origin: Pt): GizmoDrawing {
      const handles = centreHandles(sys, origin);
      return {
        paths: handles.map((hd) => ({ className: `force-radius ${hd.kind}`, polylines: [{ points: ellipse(hd.scene, hd.radius.rx, hd.radius.ry, hd.radius.rotationDeg), closed: true }] })),
        handles: handles.map((hd) => ({
          key: String(hd.force),
          scene: hd.scene,
          className: `force-handle ${hd.kind}`,
          gripClass: 'force-centre',
          grip: 'centre',
          cursor: 'grab',
          // Named as the properties panel names the force ("2. 涡旋"), in the UI language.
          title: `${t('forceCentre')}: ${hd.force + 1}. ${optionLabel('systems[].forces[].kind', hd.kind)} — ${t('forceCentreHint')}`,
        })),
      };
    },

    drag(sys: ParticleSystem, key: string, d: GizmoDrag): void {
      const f = sys.forces?.[Number(key)];
      if (f === undefined || (f.kind !== 'vortex' && f.kind !== 'attractor')) return;
      const p = d.snap ? snapPoint(d.to, d.snapSpacing) : d.to;
      const c = sceneToCentre(sys, d.origin, p, f.space ?? 'system');
      const limitsOf = schemaLimits(schema());
      // `+ 0`: never −0.
      const at = (axis: 0 | 1): number => clampToLimits(round2(c[axis]) + 0, limitsOf(centrePath(f.kind, axis)));
      const rounded: [number, number] = [at(0), at(1)];
      if (f.kind === 'vortex') f.center = rounded;
      else f.position = rounded;
    },

    commit(target: ParticleSystem, draft: ParticleSystem): void {
      (target.forces ?? []).forEach((g, i) => {
        const f = draft.forces?.[i];
        if (g.kind === 'vortex' && f?.kind === 'vortex') g.center = [f.center[0], f.center[1]];
        else if (g.kind === 'attractor' && f?.kind === 'attractor') g.position = [f.position[0], f.position[1]];
      });
    },

    label: () => t('moveForceCentre'),
  };
}
