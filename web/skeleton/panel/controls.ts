// The playback section of the skeleton panel, for a skeleton placed in the scene: animation and
// skin pickers, loop, speed, placement of the instance chosen in its Instance menu (position,
// rotation, uniform scale and a horizontal flip: the sign of scaleX, as for MS3D models; every
// instance is turned and scaled about its own position, an extra instance by instance 1's rotation
// and scale until it is given its own, and a bone followed by particles with it: placement.ts),
// scale on load (spine-core's loader scale,
// which re-bakes: a different thing from the placement's scale, and said so in both tooltips), bake
// rate, instances (add at the view centre, which selects the new one; "Remove instance N" removes
// the one chosen in the Instance menu, object/remove-instance.ts: removing instance 1, the entry's
// own transform, makes instance 2 take its place where and as it is drawn, and the only instance
// cannot be removed — the button is disabled, its tooltip says to delete the skeleton in the scene
// list; the particle systems following a later instance are renumbered in the same undo step, so
// they keep following the same skeleton on the canvas, and the message area names them and those
// that followed the removed instance; the instance now at that number is chosen next), a warning
// naming the particle systems that follow an instance no longer there (they keep their skeleton,
// bone and offset and fall back to their own transform until another instance is chosen, one is
// added or the removal undone), a time read-out, and the mipmap
// option (trilinear sampling of the atlas pages through mipmaps: no shimmer when the skeleton is
// drawn much smaller than its pages). Every control edits the scene document (one undo step,
// validated by Rust, autosaved); the skeleton sync (scene.ts) then updates the player. Time follows
// the scene timeline (its play/pause and scrubbing), so there is no play button here. Every
// skeleton-provided text is written with textContent only. Labels follow the UI language: a switch
// relabels the section in place (the document holds its state).

import { followLang, Relabel, t } from '../../i18n';
import type { SkeletonObject } from '../../document/types';
import { errorText } from '../../errors';
import { h, type Child } from '../../ui/dom';
import { instanceCount } from '../object/instances';
import { canRemoveInstance, type InstanceRemoval } from '../object/remove-instance';
import type { SkeletonPlayer } from '../object/play';
import { numberInput, show } from './inputs';
import { mountPlacement } from './placement';

/** What the controls need: the entry they edit and its player. */
export interface SkeletonControlsBinding {
  /** The document entry shown, or null once it was deleted. */
  entry(): SkeletonObject | null;
  /** Its player, or null (files missing, or it failed to load). */
  player(): SkeletonPlayer | null;
  /** Why it does not play as the document says, or null. */
  problem(): string | null;
  /** Edits the entry in the document (undoable); false when the change was refused. */
  edit(label: string, mutate: (k: SkeletonObject) => void, coalesceKey?: string): boolean;
  /** Scene point at the canvas centre. */
  viewCentre(): [number, number];
  /** Names of the particle systems following an instance this skeleton does not have. */
  strandedFollowers(): string[];
  /**
   * Removes placed instance `index` (0: the first) of the entry and renumbers the systems that
   * follow its instances, in one undo step (object/remove-instance.ts); what it did to those
   * systems, or null when the change was refused.
   */
  removeInstance(index: number): InstanceRemoval | null;
  /** Shows a note in the editor's message area (text only). */
  note(text: string): void;
}

/** The message-area note of a removal of instance `n` (counted from 1) of skeleton `name`. */
function removalNote(n: number, name: string, removal: InstanceRemoval): string {
  let text = t('playInstanceRemoved', { n, name });
  const renumbered = removal.renumbered.map((f) => t('playInstanceRenumbered', { name: f.name, from: f.fromIndex + 1, to: f.toIndex + 1 }));
  if (renumbered.length > 0) text += t('playInstanceRemovedRenumbered', { list: renumbered.join(', ') });
  if (removal.stranded.length > 0) text += t('playInstanceRemovedStranded', { list: removal.stranded.join(', ') });
  return text;
}

/** The mounted playback section: its owner refreshes it after document changes and every frame. */
export interface PlaybackControls {
  /** The box the section was built in (the section is gone once it leaves the page). */
  readonly box: HTMLElement;
  /** Re-reads the document and the player. */
  refresh(): void;
  /** Updates the time read-out. */
  tick(): void;
  /** Makes placed instance `index` (0: the first) the one the Instance menu edits, and shows it. */
  selectInstance(index: number): void;
}

/** Builds the playback section into `box` for the entry of `binding`. Never throws. */
export function mountPlayback(box: HTMLElement, binding: SkeletonControlsBinding): PlaybackControls {
  const labels = new Relabel();
  const status = h('p', { class: 'skeleton-message info', 'data-role': 'play-status' });
  const problem = h('p', { class: 'skeleton-message error', 'data-role': 'play-problem' });
  const notes = h('div', { class: 'skeleton-play-notes' });
  const animSelect = h('select', { 'data-control': 'animation' });
  const skinSelect = h('select', { 'data-control': 'skin' });
  const loopInput = h('input', { type: 'checkbox', 'data-control': 'loop' });
  const speedInput = numberInput('speed', { min: '0', max: '100', step: '0.1' });
  const scaleInput = labels.attr(numberInput('scale', { min: '0.01', step: '0.1' }), 'title', () => t('playScaleTitle'));
  const fpsInput = labels.attr(numberInput('fps', { min: '1', max: '240', step: '1' }), 'title', () => t('playBakeFpsTitle'));
  const addButton = labels.text(h('button', { type: 'button', 'data-action': 'add-instance' }), () => t('playAddInstance'));
  // Labelled by refresh(): "Remove instance N" names the instance chosen in the Instance menu.
  const removeButton = h('button', { type: 'button', 'data-action': 'remove-instance' });
  const count = h('span', { 'data-field': 'instances' }, '1');
  const time = h('span', { 'data-field': 'time' }, '0.00 s');
  const mip = h('input', { type: 'checkbox', 'data-control': 'mipmaps' });
  const mipLabel = labels.attr(h('label', {}, mip, liveText(() => ` ${t('playMipmaps')}`)), 'title', () => t('playMipmapsTitle'));
  let options = '';

  /** A text node that follows the language. */
  function liveText(value: () => string): Text {
    return labels.text(document.createTextNode(''), value);
  }
  // Undo-history labels are taken in the language of the moment of the edit.
  const edit = (label: () => string, mutate: (k: SkeletonObject) => void, key?: string): boolean => {
    const ok = binding.edit(label(), mutate, key);
    refresh();
    return ok;
  };
  const numberEdit = (input: HTMLInputElement, label: () => string, ok: (v: number) => boolean, set: (k: SkeletonObject, v: number) => void): void => {
    input.addEventListener('change', () => {
      const v = Number(input.value);
      if (input.value.trim() !== '' && Number.isFinite(v) && ok(v)) edit(label, (k) => set(k, v));
      else refresh();
    });
  };
  animSelect.addEventListener('change', () => edit(() => t('playEditAnimation'), (k) => (k.animation = animSelect.value)));
  skinSelect.addEventListener('change', () => edit(() => t('playEditSkin'), (k) => (k.skin = skinSelect.value)));
  loopInput.addEventListener('change', () => edit(() => t('playEditLoop'), (k) => (k.loop = loopInput.checked)));
  mip.addEventListener('change', () => edit(() => t('playEditMipmaps'), (k) => (k.mipmaps = mip.checked)));
  numberEdit(speedInput, () => t('playEditSpeed'), (v) => v >= 0 && v <= 100, (k, v) => (k.speed = v));
  numberEdit(scaleInput, () => t('playEditScale'), (v) => v > 0, (k, v) => (k.scale = v));
  numberEdit(fpsInput, () => t('playEditBakeFps'), (v) => Number.isInteger(v) && v >= 1 && v <= 240, (k, v) => (k.bakeFps = v));
  addButton.addEventListener('click', () => {
    const [x, y] = binding.viewCentre();
    if (!edit(() => t('playEditAddInstance'), (k) => void k.extraInstances.push([Math.round(x * 100) / 100, Math.round(y * 100) / 100]))) return;
    const k = binding.entry();
    if (k !== null) placement.select(instanceCount(k) - 1);
    refresh();
  });
  removeButton.addEventListener('click', () => {
    const k = binding.entry();
    const index = placement.chosen();
    if (k === null || !canRemoveInstance(k, index)) return;
    const name = k.name;
    const removal = binding.removeInstance(index);
    if (removal !== null) {
      const left = binding.entry();
      placement.select(Math.min(index, left === null ? 0 : instanceCount(left) - 1));
      binding.note(removalNote(index + 1, name, removal));
    }
    refresh();
  });

  function refresh(): void {
    const k = binding.entry();
    const p = binding.player();
    const text = binding.problem();
    for (const key of ['animation', 'frames', 'fps', 'vertices', 'triangles', 'layouts']) delete status.dataset[key];
    problem.textContent = text ?? '';
    problem.hidden = text === null;
    for (const c of [animSelect, skinSelect, loopInput, mip, speedInput, scaleInput, fpsInput, addButton, removeButton, ...placement.controls]) c.disabled = k === null;
    placement.refresh(k);
    removeButton.textContent = t('playRemoveInstance', { n: placement.chosen() + 1 });
    if (k === null) {
      status.textContent = t('playGone');
      return;
    }
    const animations = p?.animations() ?? (k.animation === '' ? [] : [k.animation]);
    const skins = p?.skins() ?? (k.skin === '' ? [] : [k.skin]);
    const signature = JSON.stringify([animations, skins]);
    if (signature !== options) {
      options = signature;
      animSelect.replaceChildren(...animations.map((a) => h('option', { value: a }, a)));
      skinSelect.replaceChildren(...skins.map((s) => h('option', { value: s }, s)));
    }
    animSelect.value = k.animation === '' ? (animations[0] ?? '') : k.animation;
    skinSelect.value = k.skin === '' ? (skins[0] ?? '') : k.skin;
    loopInput.checked = k.loop;
    mip.checked = k.mipmaps;
    show(speedInput, String(k.speed));
    show(scaleInput, String(k.scale));
    show(fpsInput, String(k.bakeFps));
    count.textContent = String(1 + k.extraInstances.length);
    const chosen = placement.chosen();
    removeButton.disabled = !canRemoveInstance(k, chosen);
    removeButton.title = t(instanceCount(k) === 1 ? 'playRemoveOnlyInstanceTitle' : chosen === 0 ? 'playRemoveFirstInstanceTitle' : 'playRemoveInstanceTitle');
    notes.replaceChildren();
    const stranded = binding.strandedFollowers();
    if (stranded.length > 0) notes.append(h('p', { class: 'skeleton-message warning', 'data-role': 'follow-stranded' }, t('playFollowersStranded', { list: stranded.join(', ') })));
    if (p === null) {
      status.textContent = t('playNotPlaying');
      return;
    }
    try {
      const clip = p.current().arrays;
      const [frames, vertices, triangles] = [clip.frameCount, clip.vertexCount, clip.indices.length / 3];
      // The numbers also go in data-* attributes: what the line says, in any language.
      const data = { animation: p.animation, frames, fps: p.fps, vertices, triangles, layouts: clip.topologies };
      for (const [key, value] of Object.entries(data)) status.dataset[key] = String(value);
      const layouts = clip.topologies > 1 ? t('playLayouts', { count: clip.topologies }) : '';
      status.textContent = t('playStatus', { animation: p.animation, frames, fps: p.fps, vertices, triangles, layouts });
    } catch (e) {
      status.textContent = errorText(e);
    }
    // Every limit of the bake is a page without an image (one its attachments use): one note.
    const missing = new Set(p.missingPages());
    for (const l of p.limits) if (l.kind === 'pageWithoutImage') missing.add(l.page);
    if (missing.size > 0) notes.append(h('p', { class: 'skeleton-message notice' }, t('playPagesMissing', { pages: [...missing].join(', ') })));
  }

  function tick(): void {
    const p = binding.player();
    time.textContent = `${(p?.timeSecs ?? 0).toFixed(2)} s`;
  }

  const row = (label: () => string, ...c: Child[]): HTMLElement => h('label', { class: 'skeleton-play-row' }, labels.text(h('span'), label), ...c);
  const placement = mountPlacement(labels, row, edit, () => refresh());
  const heading = labels.text(h('h3'), () => t('playSection'));
  box.replaceChildren(
    heading,
    status,
    problem,
    row(() => t('playAnimation'), animSelect),
    row(() => t('playSkin'), skinSelect),
    h('div', { class: 'skeleton-play-row' }, h('label', {}, loopInput, liveText(() => ` ${t('loop')}`)), labels.text(h('span'), () => t('playTime')), time),
    row(() => t('speed'), speedInput),
    ...placement.rows,
    row(() => t('playScale'), scaleInput),
    row(() => t('playBakeFps'), fpsInput),
    h('div', { class: 'skeleton-play-row' }, addButton, removeButton, labels.text(h('span'), () => t('playInstances')), count),
    mipLabel,
    notes,
  );
  refresh();
  tick();
  // A switch relabels this mount (the heading goes with it when the box is rebuilt or closed);
  // the status line and notes are rebuilt in the new language by refresh().
  followLang(heading, () => {
    labels.apply();
    refresh();
  });
  return {
    box,
    refresh,
    tick,
    selectInstance(index: number): void {
      placement.select(index);
      refresh();
    },
  };
}
