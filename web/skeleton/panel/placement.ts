// The placement rows of the skeleton panel's playback section: an Instance menu ("1 (x, y)",
// "2 (x, y)" … as the follow section labels instances) choosing which placed instance the X, Y,
// Rotation, Scale (uniform, above 0) and Flip (the sign of scaleX) fields edit. Instance 1 is the
// entry's transform; an extra instance is `[x, y]` while it shares instance 1's rotation and
// scale (a note says so: editing its rotation, scale or flip gives it its own, its other values
// taken from where it is drawn) or `[x, y, rotationDeg, scaleX, scaleY]` once it has its own (a
// button gives it back instance 1's: the pair form); with instance 1 chosen, a note names the
// instances whose rotation and scale its edits also change. The document edits are
// object/instances.ts's; each change is one undo step through the section's `edit`.

import { t, type Relabel } from '../../i18n';
import type { SkeletonObject } from '../../document/types';
import { h } from '../../ui/dom';
import { instanceCount, instanceLabelValues, instancePlacement, instancesSharingFirst, setInstancePosition, setInstanceTurn, shareFirstTurn, sharesFirstTurn, type TurnChange } from '../object/instances';
import { numberInput, show } from './inputs';

/** Edits the shown entry (one undo step); false when the change was refused. */
export type EntryEdit = (label: () => string, mutate: (k: SkeletonObject) => void) => boolean;

/** The mounted placement rows. */
export interface PlacementControls {
  /** The instance menu, X, Y, Rotation, Scale and Flip rows, then the note and the button. */
  readonly rows: HTMLElement[];
  /** Every control, for disabling them while the entry is gone. */
  readonly controls: (HTMLInputElement | HTMLSelectElement | HTMLButtonElement)[];
  /** Makes instance `index` (0: the first) the one the fields edit. */
  select(index: number): void;
  /** The instance the fields edit (0: the first), as the menu shows it after the last refresh. */
  chosen(): number;
  /** Re-reads entry `k` (null: gone). */
  refresh(k: SkeletonObject | null): void;
}

/**
 * Builds the rows; `row` lays out a labelled row as the rest of the section does, `edit` changes
 * the shown entry (and refreshes the section), `refreshSection` refreshes it without a change (a
 * new instance chosen, a refused value put back).
 */
export function mountPlacement(labels: Relabel, row: (label: () => string, ...c: HTMLElement[]) => HTMLElement, edit: EntryEdit, refreshSection: () => void): PlacementControls {
  const instanceSelect = h('select', { 'data-control': 'instance' });
  const xInput = numberInput('x', { step: '1' });
  const yInput = numberInput('y', { step: '1' });
  const rotationInput = numberInput('rotation', { step: '1' });
  const scaleInput = labels.attr(numberInput('placement-scale', { min: '0.01', step: '0.1' }), 'title', () => t('playPlacementScaleTitle'));
  const flipInput = h('input', { type: 'checkbox', 'data-control': 'flip' });
  const note = h('p', { class: 'skeleton-message info', 'data-role': 'instance-shared' });
  const sharersNote = h('p', { class: 'skeleton-message info', 'data-role': 'instance-sharers' });
  const shareButton = labels.text(h('button', { type: 'button', 'data-action': 'share-turn' }), () => t('playInstanceShare'));
  let selected = 0;
  let options = '';

  const numberChange = (input: HTMLInputElement, label: () => string, ok: (v: number) => boolean, set: (k: SkeletonObject, index: number, v: number) => void): void => {
    input.addEventListener('change', () => {
      const v = Number(input.value);
      const index = selected;
      if (input.value.trim() !== '' && Number.isFinite(v) && ok(v)) edit(label, (k) => set(k, index, v));
      else refreshSection();
    });
  };
  const turn = (k: SkeletonObject, index: number, c: TurnChange): void => setInstanceTurn(k, index, c);
  const flipRow = (): HTMLElement => h('label', { class: 'skeleton-play-row' }, flipInput, labels.text(document.createTextNode(''), () => ` ${t('modelFlip')}`));

  instanceSelect.addEventListener('change', () => {
    selected = Number(instanceSelect.value);
    refreshSection();
  });
  numberChange(xInput, () => t('playEditPosition'), () => true, (k, i, v) => setInstancePosition(k, i, 'x', v));
  numberChange(yInput, () => t('playEditPosition'), () => true, (k, i, v) => setInstancePosition(k, i, 'y', v));
  numberChange(rotationInput, () => t('playEditRotation'), () => true, (k, i, v) => turn(k, i, { rotationDeg: v }));
  numberChange(scaleInput, () => t('playEditPlacementScale'), (v) => v > 0, (k, i, v) => turn(k, i, { scale: v }));
  flipInput.addEventListener('change', () => {
    const [index, flip] = [selected, flipInput.checked];
    edit(() => t('playEditFlip'), (k) => turn(k, index, { flip }));
  });
  shareButton.addEventListener('click', () => {
    const index = selected;
    edit(() => t('playEditInstanceShare'), (k) => shareFirstTurn(k, index));
  });

  function refresh(k: SkeletonObject | null): void {
    if (k === null) {
      note.hidden = true;
      sharersNote.hidden = true;
      shareButton.hidden = true;
      return;
    }
    const count = instanceCount(k);
    selected = Math.min(Math.max(0, selected), count - 1);
    const labelsNow = Array.from({ length: count }, (_, i) => {
      const { n, x, y } = instanceLabelValues(i, instancePlacement(k, i) ?? k.transform);
      return t('followInstance', { n, x, y });
    });
    const signature = JSON.stringify(labelsNow);
    if (signature !== options) {
      options = signature;
      instanceSelect.replaceChildren(...labelsNow.map((text, i) => h('option', { value: String(i) }, text)));
    }
    instanceSelect.value = String(selected);
    const place = instancePlacement(k, selected) ?? k.transform;
    show(xInput, String(place.x));
    show(yInput, String(place.y));
    show(rotationInput, String(place.rotationDeg));
    show(scaleInput, String(Math.abs(place.scaleY)));
    flipInput.checked = place.scaleX < 0;
    const shares = sharesFirstTurn(k, selected);
    note.textContent = shares ? t('playInstanceShared', { n: selected + 1 }) : '';
    note.hidden = !shares;
    shareButton.hidden = selected === 0 || shares;
    // Instance 1 chosen: which instances its rotation, scale and flip also turn.
    const sharers = selected === 0 ? instancesSharingFirst(k) : [];
    sharersNote.textContent = sharers.length > 0 ? t('playInstanceSharers', { list: sharers.map((i) => i + 1).join(', ') }) : '';
    sharersNote.hidden = sharers.length === 0;
  }

  const rows = [
    row(() => t('playInstance'), instanceSelect),
    row(() => 'X', xInput),
    row(() => 'Y', yInput),
    row(() => t('rotation'), rotationInput),
    row(() => t('scale'), scaleInput),
    flipRow(),
    h('div', { class: 'skeleton-play-row' }, note, sharersNote, shareButton),
  ];

  return {
    rows,
    controls: [instanceSelect, xInput, yInput, rotationInput, scaleInput, flipInput, shareButton],
    select(index: number): void {
      selected = index;
    },
    chosen: () => selected,
    refresh,
  };
}
