// The editor toolbar: its buttons and menus (new, open, save, undo / redo, presets, recover,
// share, export, language) call the actions they are given; the recover menu lists the
// recoverable scenes.

import { readRecovery } from '../document/autosave';
import { PRESETS, presetName } from '../document/presets';
import type { DocumentStore } from '../document/store';
import type { Scene } from '../document/types';
import { collectPicked, type PathedFile } from '../files/dropio';
import { lang, t, type MessageKey } from '../i18n';
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
  /** Gets the export ready to start (the pointer is on, or the focus reached, the export button). */
  prepareExport(): void;
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
  const langButton = h('button', { type: 'button', id: 'lang-button', title: t('languageButtonTitle') }, t('otherLanguage'));
  langButton.addEventListener('click', () => actions.toggleLang());
  bar.append(
    h('span', { class: 'brand' }, 'SpineParticle'),
    button('new-button', 'newScene', () => actions.newScene()),
    button('open-button', 'open', () => fileInput.click(), `${t('open')} (Ctrl+O)`),
    fileInput,
    button('save-button', 'save', () => actions.saveFile(), `${t('save')} (Ctrl+S)`),
    h('span', { class: 'sep' }),
    button('undo-button', 'undo', () => actions.store.undo(), `${t('undo')} (Ctrl+Z)`),
    button('redo-button', 'redo', () => actions.store.redo(), `${t('redo')} (Ctrl+Shift+Z / Ctrl+Y)`),
    h('span', { class: 'sep' }),
    presetSelect,
    presetMode,
    recover,
    h('span', { class: 'sep' }),
    button('share-button', 'share', () => void actions.share()),
    h('button', { type: 'button', id: 'export-button', class: 'primary', onclick: () => void actions.runExport(), onpointerenter: () => actions.prepareExport(), onfocus: () => actions.prepareExport() }, t('exportButton')),
    h('span', { class: 'grow' }),
    langButton,
  );
  refreshRecoverMenu();
}

/** The reasons a scene was kept recoverable that the Recover menu names. */
const RECOVER_REASONS = { new: true, open: true, share: true, preset: true, recover: true, otherTab: true } as const;

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
    // In the UI's language, not the browser's (a Chinese page read "12/4/2026, 11:38:17 AM").
    const when = new Date(item.savedAt).toLocaleString(lang());
    // What replaced it (a reason of another version of the page: none shown).
    const key = `recoverReason_${item.reason}`;
    const why = Object.hasOwn(RECOVER_REASONS, item.reason) ? ` · ${t(key as MessageKey)}` : '';
    select.appendChild(h('option', { value: String(i) }, `${when}${why} · ${names.slice(0, 60)}`));
  });
  select.disabled = list.length === 0;
}
