// The playback section of the skeleton panel (4.2 skeletons dropped with their atlas): scale on
// load, animation and skin pickers, play/pause, loop, speed, time readout, "add instance at the
// view centre", and the mipmap option (disabled: the renderer samples atlas pages without mip
// maps). Every skeleton-provided text is written with textContent only.

import { atlasPageNames, type SkeletonFiles } from './files';
import { el, errorText, type Child } from './dom';
import { SkeletonPlayer, type SkeletonPlayHost } from './play';

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function stemOf(path: string): string {
  const name = lastSegment(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The player of the open panel (one skeleton plays at a time: a new drop replaces it). */
let active: SkeletonPlayer | null = null;

/** Stops and removes the skeleton playing, if any. */
export function closePlayback(): void {
  active?.dispose();
  active = null;
}

/** The player of the open panel, or null (for tests and benchmarks). */
export function activePlayer(): SkeletonPlayer | null {
  return active;
}

/**
 * Builds the playback section into `box`: decodes the pages, loads and bakes (first animation),
 * places an instance at the view centre. Problems are shown in `box`, never thrown.
 */
export async function mountPlayback(box: HTMLElement, files: SkeletonFiles, skeleton: Uint8Array, atlas: Uint8Array, host: SkeletonPlayHost): Promise<void> {
  closePlayback();
  const status = el('p', { class: 'skeleton-message info', 'data-role': 'play-status' }, 'Loading the skeleton for playback…');
  box.replaceChildren(el('h3', {}, 'Playback'), status);
  const atlasText = new TextDecoder().decode(atlas);
  const pageFiles: { name: string; file: Blob }[] = [];
  for (const name of atlasPageNames(atlasText)) {
    const f = files.pages.find((p) => lastSegment(p.path) === lastSegment(name));
    if (f !== undefined) pageFiles.push({ name, file: f.file });
  }
  const scaleInput = el('input', { type: 'number', min: '0.01', step: '0.1', value: '1', 'data-control': 'scale', title: 'Scale applied while loading the skeleton (re-bakes)' });
  let player: SkeletonPlayer;
  try {
    player = await SkeletonPlayer.open(host, stemOf(files.skeleton.path), skeleton, atlasText, pageFiles, 1);
  } catch (e) {
    status.className = 'skeleton-message error';
    status.textContent = `Cannot play this skeleton: ${errorText(e)}`;
    return;
  }
  if (!box.isConnected) {
    player.dispose();
    return;
  }
  active = player;

  const notes = el('div', { class: 'skeleton-play-notes' });
  const showNotes = (): void => {
    notes.replaceChildren();
    const missing = player.missingPages();
    if (missing.length > 0) notes.append(el('p', { class: 'skeleton-message notice' }, `No image for atlas page(s) ${missing.join(', ')}: their attachments are drawn as flat colour.`));
    for (const l of player.limits) notes.append(el('p', { class: 'skeleton-message info' }, `Playback: ${l}.`));
  };
  const fail = (e: unknown): void => {
    status.className = 'skeleton-message error';
    status.textContent = errorText(e);
  };
  const ok = (): void => {
    const clip = player.current().arrays;
    status.className = 'skeleton-message info';
    status.textContent = `${player.animation}: ${clip.frameCount} frames at ${player.fps} fps, ${clip.vertexCount} vertices, ${clip.indices.length / 3} triangles${clip.topologies > 1 ? `, ${clip.topologies} layouts` : ''}.`;
    showNotes();
  };

  const animSelect = el('select', { 'data-control': 'animation' });
  for (const a of player.animations()) animSelect.append(el('option', { value: a }, a));
  animSelect.value = player.animation;
  animSelect.addEventListener('change', () => {
    try {
      player.setAnimation(animSelect.value);
      ok();
    } catch (e) {
      animSelect.value = player.animation;
      fail(e);
    }
  });
  const skinSelect = el('select', { 'data-control': 'skin' });
  for (const s of player.skins()) skinSelect.append(el('option', { value: s }, s));
  skinSelect.value = player.skins()[0] ?? '';
  skinSelect.addEventListener('change', () => {
    try {
      player.setSkin(skinSelect.value);
      ok();
    } catch (e) {
      fail(e);
    }
  });
  const playButton = el('button', { type: 'button', 'data-action': 'play' }, 'Pause');
  const syncPlay = (): void => {
    playButton.textContent = player.playing ? 'Pause' : 'Play';
  };
  playButton.addEventListener('click', () => {
    if (!player.playing && !player.looping && player.timeSecs >= player.durationSecs()) player.timeSecs = 0;
    player.playing = !player.playing;
    syncPlay();
  });
  const loopInput = el('input', { type: 'checkbox', 'data-control': 'loop' });
  loopInput.checked = player.looping;
  loopInput.addEventListener('change', () => {
    player.looping = loopInput.checked;
  });
  const speedInput = el('input', { type: 'number', min: '0', max: '10', step: '0.1', value: '1', 'data-control': 'speed' });
  speedInput.addEventListener('change', () => {
    const v = Number(speedInput.value);
    if (Number.isFinite(v) && v >= 0 && v <= 10) player.speed = v;
    else speedInput.value = String(player.speed);
  });
  scaleInput.addEventListener('change', () => {
    try {
      player.setScale(Number(scaleInput.value));
      ok();
    } catch (e) {
      fail(e);
    }
  });
  const fpsInput = el('input', { type: 'number', min: '1', max: '240', step: '1', value: String(player.fps), 'data-control': 'fps', title: 'Samples per second of the bake' });
  fpsInput.addEventListener('change', () => {
    try {
      player.setFps(Number(fpsInput.value));
      ok();
    } catch (e) {
      fpsInput.value = String(player.fps);
      fail(e);
    }
  });
  const addButton = el('button', { type: 'button', 'data-action': 'add-instance' }, 'Add instance at view centre');
  const count = el('span', { 'data-field': 'instances' }, '1');
  addButton.addEventListener('click', () => {
    try {
      player.addInstanceAtCentre();
      count.textContent = String(player.instances.length);
    } catch (e) {
      fail(e);
    }
  });
  const mip = el('input', { type: 'checkbox', 'data-control': 'mipmaps', disabled: '' });
  const mipLabel = el('label', { title: 'Not available: the renderer samples atlas pages without mipmaps.' }, mip, ' Force trilinear mipmaps on atlas pages');
  const time = el('span', { 'data-field': 'time' }, '0.00 s');
  player.onFrame = (): void => {
    time.textContent = `${player.timeSecs.toFixed(2)} s`;
    syncPlay();
  };

  const row = (label: string, ...c: Child[]): HTMLElement => el('label', { class: 'skeleton-play-row' }, el('span', {}, label), ...c);
  box.append(
    row('Animation', animSelect),
    row('Skin', skinSelect),
    el('div', { class: 'skeleton-play-row' }, playButton, el('label', {}, loopInput, ' Loop'), time),
    row('Speed', speedInput),
    row('Scale on load', scaleInput),
    row('Bake fps', fpsInput),
    el('div', { class: 'skeleton-play-row' }, addButton, el('span', {}, 'Instances: '), count),
    mipLabel,
    notes,
  );
  ok();
}
