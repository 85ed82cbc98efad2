// The overlay handles of a placed object's grips (placement-grips.ts): the turn knob with a stem
// from the position, the scale diamond, and the move grip (drawn last: on top), with the classes,
// cursors and titles the overlay (gizmo-overlay.ts) draws. Shared by the skeleton grips
// (skeleton/grip-handles.ts) and the model grips (models/grip-handles.ts).

import type { GizmoHandle } from './gizmo-overlay';
import type { PlacedGrips } from './placement-grips';
import { resizeCursor } from './shape-geometry';

/** What a grip changes: `move` (the position), `turn` (the rotation) or `scale` (the uniform scale). */
export type GripRole = 'move' | 'turn' | 'scale';

/** Every role, in drawing order (the move grip last, on top). */
export const GRIP_ROLES: readonly GripRole[] = ['turn', 'scale', 'move'];

/** Whether `s` names a grip role. */
export function isGripRole(s: string): s is GripRole {
  return (GRIP_ROLES as readonly string[]).includes(s);
}

/** How one object's handles are named and worded. */
export interface PlacedHandleStyle {
  /** The handle key of each role (unique within the provider). */
  key(role: GripRole): string;
  /** Class prefix: handles get `<kind>-handle <role>`, grips `<kind>-<role>` (e.g. `skeleton`). */
  kind: string;
  /** The tooltip of each role, in the UI language. */
  title(role: GripRole): string;
  /** A short text beside the move grip (e.g. an instance number). */
  label?: string;
}

/** The handles of `grips` styled by `style`, in drawing order. */
export function placedHandles(grips: PlacedGrips, style: PlacedHandleStyle): GizmoHandle[] {
  const common = (role: GripRole): Pick<GizmoHandle, 'key' | 'className' | 'gripClass' | 'title'> => ({
    key: style.key(role),
    className: `${style.kind}-handle ${role}`,
    gripClass: `${style.kind}-${role}`,
    title: style.title(role),
  });
  const move: GizmoHandle = { ...common('move'), scene: grips.move, grip: 'centre', cursor: 'move' };
  if (style.label !== undefined) move.label = style.label;
  return [
    { ...common('turn'), scene: grips.turn, grip: 'round', cursor: 'grab', stem: grips.move },
    { ...common('scale'), scene: grips.scale, grip: 'diamond', cursor: resizeCursor(grips.scaleAxis) },
    move,
  ];
}
