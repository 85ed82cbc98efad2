// The model panel: the card of the selected model object (web/models/objects.ts). It shows what
// the file holds (counts, memory, warnings, clips) and edits the object through the document
// (clip, loop, speed, markers; another instance; remove), so undo, save, share and autosave
// cover every change. Playback follows the scene timeline (no play button of its own). Every
// name shown comes from the file or the document, so text only goes in through textContent
// (never markup). The card is rebuilt when its entry, file or problem changes and on a language
// switch.

import { followLang, lang, t, type MessageKey } from '../i18n';
import { errorWording, issueText } from '../i18n/error-wording';
import { h } from '../ui/dom';
import type { ShowMessage } from '../ui/messages';
import './models.css';
import type { ModelCounts, ModelObject } from '../generated/contract';
import { formatBytes } from './logic';
import { addModelMarker } from './doc';
import type { HeldModel } from './objects';
import { setFlip, setUniformScale } from '../editor/placement-grips';

/** What the panel needs from the model objects. */
export interface ModelPanelHost {
  /** The selected entry (a copy of the document's), or null. */
  entry(): ModelObject | null;
  /** The held file of `key`, or null. */
  held(key: string): HeldModel | null;
  /** Why entry `name` does not play, or null. */
  problem(name: string): string | null;
  /** The marker events of entry `name`, oldest first. */
  log(name: string): string[];
  /** Edits the selected entry (one undo step); false when refused. */
  edit(label: string, mutate: (m: ModelObject) => void, coalesceKey?: string | null): boolean;
  /** Adds another instance of the selected entry. */
  addInstance(): void;
  /** Removes the selected entry. */
  remove(): void;
}

/** The translated singular and plural of each count of the counts line. */
const COUNT_KEYS: [keyof ModelCounts, MessageKey, MessageKey][] = [
  ['vertices', 'modelVertexOne', 'modelVertexMany'],
  ['triangles', 'modelTriangleOne', 'modelTriangleMany'],
  ['groups', 'modelGroupOne', 'modelGroupMany'],
  ['materials', 'modelMaterialOne', 'modelMaterialMany'],
  ['joints', 'modelJointOne', 'modelJointMany'],
];

/** `120 vertices · 200 triangles · 2 groups · 2 materials · 3 joints`, in the current language. */
function countsText(c: ModelCounts): string {
  return COUNT_KEYS.map(([field, one, many]) => t(c[field] === 1 ? one : many, { count: c[field] })).join(' · ');
}

/** The text of an error about `file`, in the UI language (model errors already start with the file name). */
function modelErrorText(file: string, error: unknown): string {
  const message = issueText(error);
  return message.startsWith(`${file}: `) ? message : `${file}: ${message}`;
}

/** Appends `text` to `host` as a closable error line (a card's own failed edit, next to its inputs). */
function appendError(host: HTMLElement, text: string): void {
  const box = h('div', { class: 'model-error', role: 'alert' });
  box.textContent = text;
  const close = h('button', { type: 'button', class: 'icon', 'aria-label': t('close') }, '✕');
  close.addEventListener('click', () => box.remove());
  box.appendChild(close);
  host.appendChild(box);
}

/**
 * Shows an error about `file` (a refused model or texture of a drop) through the editor's message
 * function `show`, where every refused image, scene and link is reported, worded the same way
 * (section and byte of a model error, in the UI language): not in the panel area, whose end may
 * be far below the visible part of the page when a card is open.
 */
export function showModelError(show: ShowMessage, file: string, error: unknown): void {
  show('error', modelErrorText(file, error));
}

function text<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, value: string): HTMLElementTagNameMap[K] {
  const el = h(tag, { class: cls });
  el.textContent = value;
  return el;
}

/** The card of the selected model in `box` (see the file comment). */
export class ModelPanel {
  private card: HTMLElement | null = null;
  private logEl: HTMLOListElement | null = null;
  private shown = '';

  constructor(
    private readonly box: HTMLElement,
    private readonly host: ModelPanelHost,
  ) {
    followLang(box, () => this.render(true));
  }

  /** Shows the selected entry's card (rebuilt when `force` or when what it shows changed). */
  render(force: boolean): void {
    const entry = this.host.entry();
    if (entry === null) {
      this.card?.remove();
      this.card = null;
      this.shown = '';
      return;
    }
    const held = this.host.held(entry.key);
    const problem = this.host.problem(entry.name);
    const state = JSON.stringify([entry, held?.info?.key ?? null, held?.info?.clips.length ?? 0, problem]);
    if (!force && state === this.shown && this.card?.isConnected === true) return;
    this.shown = state;
    const card = this.build(entry, held, problem);
    if (this.card?.isConnected === true) this.card.replaceWith(card);
    else this.box.appendChild(card);
    this.card = card;
  }

  /** Whether the card is on the page. */
  isOpen(): boolean {
    return this.card?.isConnected === true;
  }

  /** Shows the marker events of the open card's entry. */
  showLog(): void {
    const entry = this.host.entry();
    if (entry === null || this.logEl === null || !this.logEl.isConnected) return;
    this.logEl.replaceChildren(...this.host.log(entry.name).map((line) => text('li', 'model-event', line)));
  }

  private build(entry: ModelObject, held: HeldModel | null, problem: string | null): HTMLElement {
    const { host } = this;
    const root = h('section', { class: 'model-card', 'data-model-name': entry.name });
    root.append(text('h3', 'model-name', entry.name), text('p', 'model-file', entry.path));
    if (problem !== null) root.appendChild(text('p', 'model-problem error', problem));
    const info = held?.info ?? null;
    const fail = (e: unknown): void => appendError(root, modelErrorText(entry.name, e));
    const edit = (label: string, mutate: (m: ModelObject) => void, coalesceKey: string | null = null): void => {
      try {
        host.edit(label, mutate, coalesceKey);
      } catch (e) {
        fail(e);
      }
    };
    if (info !== null) {
      const counts = text('p', 'model-counts', countsText(info.counts));
      for (const [k, v] of Object.entries(info.counts)) counts.dataset[k] = String(v);
      const memory = h('p', { class: 'model-memory', 'data-encoding': info.memory.encoding, 'data-bytes-per-frame': info.memory.bytesPerFrame, 'data-bytes-total': info.memory.bytesTotal });
      memory.textContent = t('modelMemory', { encoding: info.memory.encoding, perFrame: formatBytes(info.memory.bytesPerFrame), total: formatBytes(info.memory.bytesTotal) });
      root.append(counts, memory);
      if (info.warningDetails.length > 0) {
        const items = info.warningDetails.map((w) => h('li', { 'data-code': w.code }, errorWording(w, lang()) ?? w.message));
        root.appendChild(h('ul', { class: 'model-warnings' }, ...items));
      }
    }

    // Playback: clip, loop, speed (document fields; the scene timeline drives the time).
    const clips = info?.clips ?? [];
    const clipName = entry.clip === '' ? (clips[0]?.name ?? '') : entry.clip;
    const clipSelect = h('select', { class: 'model-clip', 'aria-label': t('modelClip') });
    for (const c of clips) {
      const o = h('option', { value: c.name, 'data-frames': c.frames, selected: c.name === clipName });
      o.textContent = t('modelClipOption', { name: c.name, frames: c.frames, duration: c.durationSecs.toFixed(2) });
      clipSelect.appendChild(o);
    }
    clipSelect.addEventListener('change', () => edit(t('modelClip'), (m) => void (m.clip = clipSelect.value)));
    const loop = h('input', { type: 'checkbox', class: 'model-loop', checked: entry.loop });
    loop.addEventListener('change', () => edit(t('loop'), (m) => void (m.loop = loop.checked)));
    const speed = h('input', { type: 'number', class: 'model-speed', min: 0, max: 100, step: 0.1, value: entry.speed, 'aria-label': t('speed') });
    speed.addEventListener('change', () => edit(t('speed'), (m) => void (m.speed = Number(speed.value))));
    const add = text('button', 'model-add-instance', t('modelAddInstance'));
    add.type = 'button';
    add.addEventListener('click', () => host.addInstance());
    const remove = text('button', 'model-remove', t('modelRemove'));
    remove.type = 'button';
    remove.addEventListener('click', () => host.remove());
    root.append(
      h('div', { class: 'model-controls' }, clipSelect, h('label', {}, loop, ` ${t('loop')}`), h('label', {}, `${t('speed')} `, speed), add, remove),
    );

    // Placement: position, rotation, uniform scale, horizontal flip (the sign of scaleX), up axis.
    const tr = entry.transform;
    // A value `ok` refuses (or no number) puts the field back to the document's value.
    const field = (cls: string, label: string, value: number, step: number, apply: (m: ModelObject, v: number) => void, ok: (v: number) => boolean = () => true): HTMLElement => {
      const shown = Math.round(value * 1000) / 1000;
      const input = h('input', { type: 'number', class: cls, step, value: shown, 'aria-label': label });
      input.addEventListener('change', () => {
        const v = Number(input.value);
        if (input.value.trim() !== '' && Number.isFinite(v) && ok(v)) edit(label, (m) => apply(m, v));
        else input.value = String(shown);
      });
      return h('label', {}, `${label} `, input);
    };
    const flip = h('input', { type: 'checkbox', class: 'model-flip', checked: tr.scaleX < 0 });
    flip.addEventListener('change', () => edit(t('modelFlip'), (m) => setFlip(m.transform, flip.checked)));
    const up = h('select', { class: 'model-up-axis', 'aria-label': t('modelUpAxis') });
    for (const [value, label] of [['', t('modelUpAxisFile')], ['y', 'Y'], ['z', 'Z']]) up.appendChild(h('option', { value, selected: entry.upAxis === value }, label));
    up.addEventListener('change', () => edit(t('modelUpAxis'), (m) => void (m.upAxis = up.value)));
    root.append(
      h(
        'div',
        { class: 'model-placement' },
        field('model-x', `${t('position')} x`, tr.x, 1, (m, v) => void (m.transform.x = v)),
        field('model-y', `${t('position')} y`, tr.y, 1, (m, v) => void (m.transform.y = v)),
        field('model-rotation', t('rotation'), tr.rotationDeg, 1, (m, v) => void (m.transform.rotationDeg = v)),
        // Uniform and above 0, as on the skeleton panel: the flip carries the sign.
        field(
          'model-scale',
          t('scale'),
          Math.abs(tr.scaleY),
          0.1,
          (m, v) => setUniformScale(m.transform, v),
          (v) => v > 0,
        ),
        h('label', {}, flip, ` ${t('modelFlip')}`),
        h('label', {}, `${t('modelUpAxis')} `, up),
      ),
    );

    // Markers of the shown clip: the file's, then the document's (removable).
    const clip = clips.find((c) => c.name === clipName);
    const markerName = h('input', { type: 'text', class: 'model-marker-name', maxlength: 64, placeholder: t('modelMarkerPlaceholder'), 'aria-label': t('modelMarkerName') });
    const markerFrame = h('input', { type: 'number', class: 'model-marker-frame', step: 1, 'aria-label': t('modelMarkerFrame') });
    const markerAdd = text('button', 'model-marker-add', t('modelMarkerAdd'));
    markerAdd.type = 'button';
    const markerList = h('ul', { class: 'model-markers' });
    if (clip !== undefined) {
      markerFrame.min = String(clip.startFrame);
      markerFrame.max = String(clip.endFrame);
      markerFrame.value = String(clip.startFrame);
      for (const m of clip.markers ?? []) markerList.appendChild(text('li', 'model-marker', `${m.name} @ ${m.frame}`));
    }
    entry.markers.forEach((m, i) => {
      if (m.clip !== clipName) return;
      const li = text('li', 'model-marker', `${m.name} @ ${m.frame}`);
      const del = h('button', { type: 'button', class: 'icon', 'aria-label': t('modelMarkerRemove') }, '✕');
      del.addEventListener('click', () => edit(t('modelMarkerRemove'), (o) => void o.markers.splice(i, 1)));
      li.appendChild(del);
      markerList.appendChild(li);
    });
    markerAdd.addEventListener('click', () => {
      const name = markerName.value.trim();
      const frame = Number(markerFrame.value);
      if (clip === undefined) return;
      if (name === '') {
        fail(new Error(t('modelMarkerNameMissing')));
        return;
      }
      if (!(Number.isFinite(frame) && frame >= clip.startFrame && frame <= clip.endFrame)) {
        fail(new Error(t('modelMarkerOutside', { name, frame: markerFrame.value, clip: clip.name, start: clip.startFrame, end: clip.endFrame })));
        return;
      }
      edit(t('modelMarkerAdd'), (o) => addModelMarker(o, clip.name, name, frame));
    });
    this.logEl = h('ol', { class: 'model-log', 'aria-label': t('modelEvents') });
    root.append(h('div', { class: 'model-marker-form' }, markerName, markerFrame, markerAdd), markerList, this.logEl);
    this.logEl.replaceChildren(...host.log(entry.name).map((line) => text('li', 'model-event', line)));
    return root;
  }
}
