// The model panel: opens dropped `.ms3d` models (with the images dropped beside them as their
// textures) and lists them: counts, memory, warnings, clip picker, play/pause/loop/speed,
// instances, markers and a log of the marker events as they fire. Every name shown comes from
// the file, so text only goes in through textContent (never markup). Labels follow the UI
// language: a switch relabels the open cards in place (clip, playback, instances kept).

import { followLang, lang, Relabel, t, type MessageKey } from '../i18n';
import { errorWording } from '../i18n/error-wording';
import { h } from '../ui/dom';
import './models.css';
import type { AddedModel, InstanceParams, MarkerEvent, ModelApi, ModelCounts } from './api';
import { formatBytes, splitModelDrop, trimLog, type ModelDropFile } from './logic';
import { errorText } from '../errors';

/** Event-log lines kept per model. */
export const LOG_LINES = 50;
/** How often marker events are collected, ms. */
export const EVENT_POLL_MS = 50;

interface Card {
  model: AddedModel;
  root: HTMLElement;
  instances: { id: number; x: number; y: number }[];
  params: InstanceParams;
  log: string[];
  logEl: HTMLOListElement;
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

function showError(host: HTMLElement, file: string, error: unknown): void {
  const message = errorText(error);
  const box = h('div', { class: 'model-error', role: 'alert' });
  // Model errors already start with the file name (`<file>: <section> section, byte N: …`).
  box.textContent = message.startsWith(`${file}: `) ? message : `${file}: ${message}`;
  const close = h('button', { type: 'button', class: 'icon', 'aria-label': t('close') }, '✕');
  close.addEventListener('click', () => box.remove());
  box.appendChild(close);
  host.appendChild(box);
}

/**
 * The model panel in `host`: opens dropped models (their errors, e.g. a truncated file naming its
 * section and byte offset, are shown in `host`), lists them as cards, collects the marker events
 * while any card is open, and takes the cards of models the engine dropped after a crash away.
 */
export class ModelPanel {
  private readonly cards = new Map<number, Card>();
  private poller: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly api: ModelApi,
    private readonly host: HTMLElement,
  ) {
    // Models dropped by the engine (a restart that could not re-add them): their cards go, with
    // the reason shown where they were.
    api.onLost((ids, reason) => {
      for (const id of ids) {
        const card = this.cards.get(id);
        if (card === undefined) continue;
        this.cards.delete(id);
        const box = card.root.parentElement;
        card.root.remove();
        if (box !== null) showError(box, card.model.name, new Error(reason));
      }
    });
  }

  /** Opens every `.ms3d` of a drop with the drop's images as candidate textures; resolves with
   * the models added. */
  async open(files: ModelDropFile[]): Promise<AddedModel[]> {
    const { api, host } = this;
    const { models, images } = splitModelDrop(files);
    const registered: string[] = [];
    for (const img of images) {
      try {
        if (await api.addImage(img.path, img.file)) registered.push(img.path);
      } catch (e) {
        showError(host, img.path, e);
      }
    }
    const added: AddedModel[] = [];
    for (const m of models) {
      let model: AddedModel;
      try {
        const bytes = new Uint8Array(await m.file.arrayBuffer());
        model = api.addModel(m.path, bytes, registered);
      } catch (e) {
        showError(host, m.path, e);
        continue;
      }
      added.push(model);
      host.appendChild(buildCard(model, api, this.cards));
    }
    this.startPolling();
    return added;
  }

  private startPolling(): void {
    if (this.poller !== null) return;
    this.poller = setInterval(() => {
      if (this.cards.size === 0) return;
      let events: MarkerEvent[];
      try {
        events = this.api.events();
      } catch {
        return; // the engine is restarting; the next poll retries
      }
      for (const e of events) {
        const card = this.cards.get(e.model);
        if (card === undefined) continue;
        card.log = trimLog([...card.log, `#${e.instance} ${e.clip}: ${e.marker}`], LOG_LINES);
        const li = h('li', { class: 'model-event' });
        li.textContent = `#${e.instance} ${e.clip}: ${e.marker}`;
        card.logEl.appendChild(li);
        while (card.logEl.children.length > LOG_LINES) card.logEl.firstElementChild?.remove();
      }
    }, EVENT_POLL_MS);
  }
}

/** The card of `model`, registered in `cards` (index: its place, for the first instance). */
function buildCard(model: AddedModel, api: ModelApi, cards: Map<number, Card>): HTMLElement {
  const index = cards.size;
  const [cx, cy] = api.viewCentre();
  const params: InstanceParams = { clip: 0, x: cx + 40 * index, y: cy + 40 * index, rotationDeg: 0, scale: 1, speed: 1, looping: true, playing: true };
  const labels = new Relabel();
  const logEl = labels.attr(h('ol', { class: 'model-log' }), 'aria-label', () => t('modelEvents'));
  const root = h('section', { class: 'model-card', 'data-model-id': model.id });
  const card: Card = { model, root, instances: [], params, log: [], logEl };
  cards.set(model.id, card);

  const title = h('h3', { class: 'model-name' });
  title.textContent = model.name;
  const counts = labels.text(h('p', { class: 'model-counts' }), () => countsText(model.counts));
  for (const [k, v] of Object.entries(model.counts)) counts.dataset[k] = String(v);
  const memory = h('p', { class: 'model-memory', 'data-encoding': model.memory.encoding, 'data-bytes-per-frame': model.memory.bytesPerFrame, 'data-bytes-total': model.memory.bytesTotal });
  labels.text(memory, () => t('modelMemory', { encoding: model.memory.encoding, perFrame: formatBytes(model.memory.bytesPerFrame), total: formatBytes(model.memory.bytesTotal) }));
  root.append(title, counts, memory);
  if (model.warningDetails.length > 0) {
    const list = h('ul', { class: 'model-warnings' });
    for (const w of model.warningDetails) {
      const li = labels.text(h('li', { 'data-code': w.code }), () => errorWording(w, lang()) ?? w.message);
      list.appendChild(li);
    }
    root.appendChild(list);
  }

  const applyAll = (): void => {
    try {
      for (const inst of card.instances) api.setInstance(inst.id, model.id, { ...params, x: inst.x, y: inst.y });
    } catch (e) {
      showError(root, model.name, e);
    }
  };
  const addInstance = (): void => {
    const n = card.instances.length;
    const x = params.x + 60 * n;
    const y = params.y;
    try {
      const id = api.addInstance(model.id, { ...params, x, y });
      card.instances.push({ id, x, y });
      showCount();
    } catch (e) {
      showError(root, model.name, e);
    }
  };

  const clipSelect = labels.attr(h('select', { class: 'model-clip' }), 'aria-label', () => t('modelClip'));
  model.clips.forEach((c, i) => {
    const o = h('option', { value: i, 'data-frames': c.frames });
    labels.text(o, () => t('modelClipOption', { name: c.name, frames: c.frames, duration: c.durationSecs.toFixed(2) }));
    clipSelect.appendChild(o);
  });
  const play = h('button', { type: 'button', class: 'model-play' });
  const showPlay = (): void => {
    play.textContent = params.playing ? t('pause') : t('play');
    play.dataset.playing = String(params.playing);
  };
  labels.on(showPlay);
  const loop = h('input', { type: 'checkbox', class: 'model-loop', checked: true });
  const speed = labels.attr(h('input', { type: 'number', class: 'model-speed', min: 0, max: 10, step: 0.1, value: 1 }), 'aria-label', () => t('speed'));
  const add = labels.text(h('button', { type: 'button', class: 'model-add-instance' }), () => t('modelAddInstance'));
  const remove = labels.text(h('button', { type: 'button', class: 'model-remove' }), () => t('modelRemove'));
  const instanceCount = h('span', { class: 'model-instances' });
  const showCount = (): void => {
    instanceCount.textContent = t('modelInstances', { count: card.instances.length });
    instanceCount.dataset.count = String(card.instances.length);
  };
  labels.on(showCount);
  clipSelect.addEventListener('change', () => {
    params.clip = Number(clipSelect.value);
    applyAll();
    renderMarkers();
  });
  play.addEventListener('click', () => {
    params.playing = !params.playing;
    showPlay();
    applyAll();
  });
  loop.addEventListener('change', () => {
    params.looping = loop.checked;
    applyAll();
  });
  speed.addEventListener('change', () => {
    const v = Number(speed.value);
    if (!Number.isFinite(v) || v < 0 || v > 10) {
      showError(root, model.name, new Error(t('modelSpeedRange')));
      return;
    }
    params.speed = v;
    applyAll();
  });
  add.addEventListener('click', addInstance);
  remove.addEventListener('click', () => {
    try {
      api.removeModel(model.id);
    } catch (e) {
      showError(root, model.name, e);
      return;
    }
    cards.delete(model.id);
    root.remove();
  });
  root.append(
    h(
      'div',
      { class: 'model-controls' },
      clipSelect,
      play,
      h('label', {}, loop, labels.text(document.createTextNode(''), () => ` ${t('loop')}`)),
      h('label', {}, labels.text(document.createTextNode(''), () => `${t('speed')} `), speed),
      add,
      instanceCount,
      remove,
    ),
  );

  // Markers of the selected clip.
  const markerList = h('ul', { class: 'model-markers' });
  const markerName = h('input', { type: 'text', class: 'model-marker-name', maxlength: 64 });
  labels.attr(markerName, 'placeholder', () => t('modelMarkerPlaceholder'));
  labels.attr(markerName, 'aria-label', () => t('modelMarkerName'));
  const markerFrame = labels.attr(h('input', { type: 'number', class: 'model-marker-frame', step: 1 }), 'aria-label', () => t('modelMarkerFrame'));
  const markerAdd = labels.text(h('button', { type: 'button', class: 'model-marker-add' }), () => t('modelMarkerAdd'));
  const renderMarkers = (): void => {
    markerList.replaceChildren();
    let clip;
    try {
      clip = api.clips(model.id)[params.clip];
    } catch (e) {
      showError(root, model.name, e);
      return;
    }
    if (clip === undefined) return;
    markerFrame.min = String(clip.startFrame);
    markerFrame.max = String(clip.endFrame);
    if (markerFrame.value === '') markerFrame.value = String(clip.startFrame);
    (clip.markers ?? []).forEach((m, i) => {
      const del = h('button', { type: 'button', class: 'icon', 'aria-label': t('modelMarkerRemove') }, '✕');
      del.addEventListener('click', () => {
        try {
          api.removeMarker(model.id, params.clip, i);
        } catch (e) {
          showError(root, model.name, e);
        }
        renderMarkers();
      });
      const li = h('li', { class: 'model-marker' });
      li.textContent = `${m.name} @ ${m.frame}`;
      li.appendChild(del);
      markerList.appendChild(li);
    });
  };
  markerAdd.addEventListener('click', () => {
    try {
      api.addMarker(model.id, params.clip, markerName.value, Number(markerFrame.value));
      markerName.value = '';
    } catch (e) {
      showError(root, model.name, e);
    }
    renderMarkers();
  });
  root.append(h('div', { class: 'model-marker-form' }, markerName, markerFrame, markerAdd), markerList, logEl);
  renderMarkers();
  addInstance();
  followLang(root, () => {
    labels.apply();
    renderMarkers(); // its remove buttons are labelled
  });
  return root;
}
