// The playback section of the skeleton panel, for a skeleton placed in the scene: animation and
// skin pickers, loop, speed, position, scale on load, bake rate, instances (add at the view
// centre / remove the last), a time read-out, and the mipmap option (trilinear sampling of the
// atlas pages through mipmaps: no shimmer when the skeleton is drawn much smaller than its pages). Every control edits the scene document (one undo step,
// validated by Rust, autosaved); the skeleton sync (scene.ts) then updates the player. Time
// follows the scene timeline (its play/pause and scrubbing), so there is no play button here.
// Every skeleton-provided text is written with textContent only.

import type { SkeletonObject } from '../types';
import { el, errorText, type Child } from './dom';
import type { SkeletonPlayer } from './play';

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
}

/** Updates the open controls from the document and the player. */
interface Mounted {
  box: HTMLElement;
  refresh(): void;
  tick(): void;
}

let active: Mounted | null = null;

/** Detaches the open controls (their panel was closed or replaced). */
export function closePlayback(): void {
  active = null;
}

/** Re-reads the document and the player into the open controls (after every document change). */
export function refreshPlayback(): void {
  if (active !== null && !active.box.isConnected) active = null;
  active?.refresh();
}

/** Updates the time read-out of the open controls (every frame). */
export function tickPlayback(): void {
  if (active !== null && !active.box.isConnected) active = null;
  active?.tick();
}

function numberInput(control: string, attrs: Record<string, string>): HTMLInputElement {
  return el('input', { type: 'number', 'data-control': control, ...attrs });
}

/** Sets an input's value unless the user is typing in it. */
function show(input: HTMLInputElement | HTMLSelectElement, value: string): void {
  if (document.activeElement !== input) input.value = value;
}

/** Builds the playback section into `box` for the entry of `binding`. Never throws. */
export function mountPlayback(box: HTMLElement, binding: SkeletonControlsBinding): void {
  const status = el('p', { class: 'skeleton-message info', 'data-role': 'play-status' });
  const problem = el('p', { class: 'skeleton-message error', 'data-role': 'play-problem' });
  const notes = el('div', { class: 'skeleton-play-notes' });
  const animSelect = el('select', { 'data-control': 'animation' });
  const skinSelect = el('select', { 'data-control': 'skin' });
  const loopInput = el('input', { type: 'checkbox', 'data-control': 'loop' });
  const speedInput = numberInput('speed', { min: '0', max: '100', step: '0.1' });
  const xInput = numberInput('x', { step: '1' });
  const yInput = numberInput('y', { step: '1' });
  const scaleInput = numberInput('scale', { min: '0.01', step: '0.1', title: 'Scale applied while loading the skeleton (re-bakes)' });
  const fpsInput = numberInput('fps', { min: '1', max: '240', step: '1', title: 'Samples per second of the bake' });
  const addButton = el('button', { type: 'button', 'data-action': 'add-instance' }, 'Add instance at view centre');
  const removeButton = el('button', { type: 'button', 'data-action': 'remove-instance' }, 'Remove last instance');
  const count = el('span', { 'data-field': 'instances' }, '1');
  const time = el('span', { 'data-field': 'time' }, '0.00 s');
  const mip = el('input', { type: 'checkbox', 'data-control': 'mipmaps' });
  const mipLabel = el('label', { title: 'Samples the atlas pages through mipmaps (trilinear): no shimmer when drawn small.' }, mip, ' Force trilinear mipmaps on atlas pages');
  let options = '';

  const edit = (label: string, mutate: (k: SkeletonObject) => void, key?: string): void => {
    binding.edit(label, mutate, key);
    refresh();
  };
  const numberEdit = (input: HTMLInputElement, label: string, ok: (v: number) => boolean, set: (k: SkeletonObject, v: number) => void): void => {
    input.addEventListener('change', () => {
      const v = Number(input.value);
      if (input.value.trim() !== '' && Number.isFinite(v) && ok(v)) edit(label, (k) => set(k, v));
      else refresh();
    });
  };
  animSelect.addEventListener('change', () => edit('Skeleton animation', (k) => (k.animation = animSelect.value)));
  skinSelect.addEventListener('change', () => edit('Skeleton skin', (k) => (k.skin = skinSelect.value)));
  loopInput.addEventListener('change', () => edit('Skeleton loop', (k) => (k.loop = loopInput.checked)));
  mip.addEventListener('change', () => edit('Skeleton mipmaps', (k) => (k.mipmaps = mip.checked)));
  numberEdit(speedInput, 'Skeleton speed', (v) => v >= 0 && v <= 100, (k, v) => (k.speed = v));
  numberEdit(xInput, 'Skeleton position', () => true, (k, v) => (k.transform.x = v));
  numberEdit(yInput, 'Skeleton position', () => true, (k, v) => (k.transform.y = v));
  numberEdit(scaleInput, 'Skeleton scale', (v) => v > 0, (k, v) => (k.scale = v));
  numberEdit(fpsInput, 'Skeleton bake fps', (v) => Number.isInteger(v) && v >= 1 && v <= 240, (k, v) => (k.bakeFps = v));
  addButton.addEventListener('click', () => {
    const [x, y] = binding.viewCentre();
    edit('Add skeleton instance', (k) => void k.extraInstances.push([Math.round(x * 100) / 100, Math.round(y * 100) / 100]));
  });
  removeButton.addEventListener('click', () => edit('Remove skeleton instance', (k) => void k.extraInstances.pop()));

  function refresh(): void {
    const k = binding.entry();
    const p = binding.player();
    const text = binding.problem();
    problem.textContent = text ?? '';
    problem.hidden = text === null;
    for (const c of [animSelect, skinSelect, loopInput, mip, speedInput, xInput, yInput, scaleInput, fpsInput, addButton, removeButton]) c.disabled = k === null;
    if (k === null) {
      status.textContent = 'This skeleton is no longer in the scene.';
      return;
    }
    const animations = p?.animations() ?? (k.animation === '' ? [] : [k.animation]);
    const skins = p?.skins() ?? (k.skin === '' ? [] : [k.skin]);
    const signature = JSON.stringify([animations, skins]);
    if (signature !== options) {
      options = signature;
      animSelect.replaceChildren(...animations.map((a) => el('option', { value: a }, a)));
      skinSelect.replaceChildren(...skins.map((s) => el('option', { value: s }, s)));
    }
    animSelect.value = k.animation === '' ? (animations[0] ?? '') : k.animation;
    skinSelect.value = k.skin === '' ? (skins[0] ?? '') : k.skin;
    loopInput.checked = k.loop;
    mip.checked = k.mipmaps;
    show(speedInput, String(k.speed));
    show(xInput, String(k.transform.x));
    show(yInput, String(k.transform.y));
    show(scaleInput, String(k.scale));
    show(fpsInput, String(k.bakeFps));
    count.textContent = String(1 + k.extraInstances.length);
    removeButton.disabled = k.extraInstances.length === 0;
    notes.replaceChildren();
    if (p === null) {
      status.textContent = 'Not playing.';
      return;
    }
    try {
      const clip = p.current().arrays;
      status.textContent = `${p.animation}: ${clip.frameCount} frames at ${p.fps} fps, ${clip.vertexCount} vertices, ${clip.indices.length / 3} triangles${clip.topologies > 1 ? `, ${clip.topologies} layouts` : ''}.`;
    } catch (e) {
      status.textContent = errorText(e);
    }
    const missing = p.missingPages();
    if (missing.length > 0) notes.append(el('p', { class: 'skeleton-message notice' }, `No image for atlas page(s) ${missing.join(', ')}: their attachments are drawn as flat colour.`));
    for (const l of p.limits) notes.append(el('p', { class: 'skeleton-message info' }, `Playback: ${l}.`));
  }

  function tick(): void {
    const p = binding.player();
    time.textContent = `${(p?.timeSecs ?? 0).toFixed(2)} s`;
  }

  const row = (label: string, ...c: Child[]): HTMLElement => el('label', { class: 'skeleton-play-row' }, el('span', {}, label), ...c);
  box.replaceChildren(
    el('h3', {}, 'Playback'),
    status,
    problem,
    row('Animation', animSelect),
    row('Skin', skinSelect),
    el('div', { class: 'skeleton-play-row' }, el('label', {}, loopInput, ' Loop'), el('span', {}, 'Time: '), time),
    row('Speed', speedInput),
    row('X', xInput),
    row('Y', yInput),
    row('Scale on load', scaleInput),
    row('Bake fps', fpsInput),
    el('div', { class: 'skeleton-play-row' }, addButton, removeButton, el('span', {}, 'Instances: '), count),
    mipLabel,
    notes,
  );
  active = { box, refresh, tick };
  refresh();
  tick();
}
