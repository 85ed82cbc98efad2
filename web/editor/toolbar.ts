// The editor toolbar and the actions behind it that need no app state: the recover menu, saving
// the scene file, the share link and running the export hook.

import { readRecovery } from '../document/autosave';
import { collectPicked, type PathedFile } from '../files/dropio';
import type { Engine } from '../engine/engine';
import { getExportHandler, type ExportContext } from './hooks';
import { t, type MessageKey } from '../i18n/index';
import { PRESETS, presetName } from '../document/presets';
import { shareUrl } from '../document/share';
import { type DocumentStore, errorMessage } from '../document/store';
import type { Scene } from '../document/types';
import type { MessageKind } from './context';
import { byId, clear, h } from '../ui/dom';

/** What the toolbar buttons call. */
export interface ToolbarActions {
  /** The document store (undo / redo). */
  readonly store: DocumentStore;
  /** Starts a new scene. */
  newScene(): void;
  /** Routes and applies picked files. */
  handleFiles(files: PathedFile[]): Promise<void>;
  /** Saves the scene as a file. */
  saveFile(): void;
  /** Applies a preset as a system or as the whole scene. */
  applyPreset(id: string, asScene: boolean): void;
  /** Replaces the document (undoable) after keeping the current one recoverable. */
  replaceScene(json: string, label: string, reason: string): boolean;
  /** Creates the share link. */
  share(): Promise<void>;
  /** Runs the export. */
  runExport(): Promise<void>;
  /** Switches the language. */
  toggleLang(): void;
}

/** (Re)builds the toolbar in the current language. */
export function buildToolbar(actions: ToolbarActions): void {
  const bar = byId('toolbar');
  clear(bar);
  const button = (id: string, key: MessageKey, onclick: () => void, title?: string): HTMLButtonElement =>
    h('button', { type: 'button', id, title: title ?? t(key), onclick }, t(key));
  const fileInput = h('input', { type: 'file', id: 'open-input', multiple: true, accept: '.json,.png,.jpg,.jpeg,.webp,.skel,.atlas,.ms3d', hidden: true });
  fileInput.addEventListener('change', () => {
    if (fileInput.files !== null) void actions.handleFiles(collectPicked(fileInput.files));
    fileInput.value = '';
  });
  const presetSelect = h('select', { id: 'preset-select', 'aria-label': t('presets') }, h('option', { value: '' }, t('presetsPick')));
  for (const p of PRESETS) presetSelect.appendChild(h('option', { value: p.id }, presetName(p.id)));
  const presetMode = h('select', { id: 'preset-mode', 'aria-label': t('presetMode') },
    h('option', { value: 'system' }, t('presetAsSystem')),
    h('option', { value: 'scene' }, t('presetAsScene')));
  presetSelect.addEventListener('change', () => {
    const id = presetSelect.value;
    presetSelect.value = '';
    if (id !== '') actions.applyPreset(id, presetMode.value === 'scene');
  });
  const recover = h('select', { id: 'recover-select', 'aria-label': t('recover') });
  recover.addEventListener('change', () => {
    const index = Number(recover.value);
    recover.value = '';
    const item = readRecovery(localStorage)[index];
    if (item !== undefined) actions.replaceScene(item.json, t('recover'), 'recover');
  });
  const langButton = h('button', { type: 'button', id: 'lang-button', title: 'Language / 语言' }, t('otherLanguage'));
  langButton.addEventListener('click', () => actions.toggleLang());
  bar.append(
    h('span', { class: 'brand' }, 'SpineParticle'),
    button('new-button', 'newScene', () => actions.newScene()),
    button('open-button', 'open', () => fileInput.click()),
    fileInput,
    button('save-button', 'save', () => actions.saveFile()),
    h('span', { class: 'sep' }),
    button('undo-button', 'undo', () => actions.store.undo(), `${t('undo')} (Ctrl+Z)`),
    button('redo-button', 'redo', () => actions.store.redo(), `${t('redo')} (Ctrl+Shift+Z / Ctrl+Y)`),
    h('span', { class: 'sep' }),
    presetSelect,
    presetMode,
    recover,
    h('span', { class: 'sep' }),
    button('share-button', 'share', () => void actions.share()),
    h('button', { type: 'button', id: 'export-button', class: 'primary', onclick: () => void actions.runExport() }, t('exportButton')),
    h('span', { class: 'grow' }),
    langButton,
  );
  refreshRecoverMenu();
}

/** Lists the recoverable scenes in the recover menu (when the toolbar is built). */
export function refreshRecoverMenu(): void {
  const select = document.getElementById('recover-select');
  if (!(select instanceof HTMLSelectElement)) return;
  clear(select);
  const list = readRecovery(localStorage);
  select.appendChild(h('option', { value: '' }, `${t('recover')} (${list.length})`));
  list.forEach((item, i) => {
    let names = '';
    try {
      names = (JSON.parse(item.json) as Scene).systems.map((s) => s.name).join(', ');
    } catch {
      names = '?';
    }
    const when = new Date(item.savedAt).toLocaleString();
    select.appendChild(h('option', { value: String(i) }, `${when} · ${names.slice(0, 60)}`));
  });
  select.disabled = list.length === 0;
}

/** Downloads the scene JSON as `scene.spineparticle.json`. */
export function saveSceneFile(json: string): void {
  const blob = new Blob([json], { type: 'application/json' });
  const a = h('a', { href: URL.createObjectURL(blob), download: 'scene.spineparticle.json' });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

/** Shows (and tries to copy) a link carrying the scene in its hash. */
export async function shareScene(json: string, message: (kind: MessageKind, text: string) => void): Promise<void> {
  const compact = JSON.stringify(JSON.parse(json));
  const url = shareUrl(location.href, compact);
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = false;
  }
  const field = byId<HTMLInputElement>('share-url');
  field.value = url;
  byId('share-box').hidden = false;
  field.select();
  message('info', t(copied ? 'shareCopied' : 'shareNotCopied', { length: url.length }));
}

/** Runs the registered export handler; reports when there is none or when it fails. */
export async function runExport(store: DocumentStore, engine: Engine, message: (kind: MessageKind, text: string) => void): Promise<void> {
  const handler = getExportHandler();
  if (handler === null) {
    message('error', t('exportUnavailable'));
    return;
  }
  const ctx: ExportContext = {
    store,
    engine,
    message: (kind, text) => message(kind, text),
    loadedImages: () => store.doc.images.filter((i) => engine.imagePaths().includes(i.path)),
    imagePixels: (path) => engine.imageData(path),
  };
  try {
    await handler(ctx);
  } catch (e) {
    message('error', t('exportFailed', { error: errorMessage(e) }));
  }
}
