// Small input helpers of the skeleton panel's playback section (controls.ts, placement.ts).

import { h } from '../../ui/dom';

/** A number input marked `data-control="control"` (the tests and the panel find it by that). */
export function numberInput(control: string, attrs: Record<string, string>): HTMLInputElement {
  return h('input', { type: 'number', 'data-control': control, ...attrs });
}

/** Sets an input's value unless the user is typing in it. */
export function show(input: HTMLInputElement | HTMLSelectElement, value: string): void {
  if (document.activeElement !== input) input.value = value;
}
