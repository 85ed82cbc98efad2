// The commands that replace or hand out the whole document: new scene, open (a dropped scene,
// a recovered one), a preset (as the scene or as systems), a shared link (`#scene=…`), the share
// link itself and the scene file download. A replaced document is first kept recoverable, so no
// work is lost; the replacement is one undo step.

import { keepRecoverable } from '../document/autosave';
import { mergePresetSystems, PRESETS, presetName } from '../document/presets';
import { decodeScenePayload, payloadFromHash, ShareError, shareUrl } from '../document/share';
import type { DocumentStore } from '../document/store';
import type { ParticleSystem, Scene } from '../document/types';
import { EngineCrash, type Engine } from '../engine/engine';
import { issueText } from '../i18n/error-wording';
import { t, type MessageKey } from '../i18n';
import { byId } from '../ui/dom';
import { downloadFile } from '../ui/download';
import type { ShowMessage } from '../ui/messages';

/** What the document commands need from the editor. */
export interface DocumentActionsHost {
  readonly store: DocumentStore;
  readonly engine: Engine;
  readonly message: ShowMessage;
  /** Runs a document command; shows the error and returns false when it is refused. */
  edit(label: string, mutate: (draft: Scene) => void): boolean;
  /** Selects system `index` (after a preset's systems were added). */
  select(index: number): void;
  /** After the document was replaced: selection, panels, view and time start again. */
  afterReplace(): void;
}

/** The document commands (see the file comment). */
export class DocumentActions {
  private newSystemTemplate: ParticleSystem | null = null;

  constructor(private readonly host: DocumentActionsHost) {}

  /** A fresh particle system with the defaults of the core. */
  newSystem(): ParticleSystem {
    if (this.newSystemTemplate === null) {
      const scene = JSON.parse(this.host.engine.normalizeScene('{"systems":[{}]}')) as Scene;
      this.newSystemTemplate = scene.systems[0];
    }
    return structuredClone(this.newSystemTemplate);
  }

  /** Replaces the document (undoable) after keeping the current one recoverable. */
  replaceScene(json: string, label: string, reason: string): boolean {
    const { store, message } = this.host;
    keepRecoverable(localStorage, store.json, reason);
    const result = store.replace(json, label);
    if (!result.ok) {
      message('error', t('documentRefused', { error: result.error }));
      return false;
    }
    this.host.afterReplace();
    return true;
  }

  /**
   * Starts a new scene: one particle system with the core's defaults, as "Add" makes it (the page
   * opens on the demo scene; New is a clean start). The previous scene stays recoverable.
   */
  newScene(): void {
    const scene = JSON.parse(this.host.engine.normalizeScene('{"systems":[{}]}')) as Scene;
    scene.systems[0].name = t('newSystemName');
    if (this.replaceScene(JSON.stringify(scene), t('newScene'), 'new')) {
      this.host.message('info', t('newSceneKept'));
    }
  }

  /** Applies preset `id` as the whole scene, or appends its systems (selecting the first). */
  applyPreset(id: string, asScene: boolean): void {
    const preset = PRESETS.find((p) => p.id === id);
    if (preset === undefined) return;
    let normalized: string;
    try {
      normalized = this.host.engine.normalizeScene(preset.json);
    } catch (e) {
      this.host.message('error', t('documentRefused', { error: issueText(e) }));
      return;
    }
    if (asScene) {
      this.replaceScene(normalized, t('presetAsScene'), 'preset');
      return;
    }
    const before = this.host.store.doc.systems.length;
    if (this.host.edit(`${t('presetAsSystem')}: ${presetName(id)}`, (d) => void mergePresetSystems(d, JSON.parse(normalized) as Scene))) {
      this.host.select(before);
    }
  }

  /** Loads `#scene=…` when present; errors leave the editor as it was. */
  async loadSharedFromHash(): Promise<void> {
    const payload = payloadFromHash(location.hash);
    if (payload === null) return;
    history.replaceState(null, '', location.pathname + location.search);
    const { engine, message } = this.host;
    let json: string;
    try {
      json = decodeScenePayload(payload);
    } catch (e) {
      const kind = e instanceof ShareError ? e.kind : 'badDeflate';
      message('error', t('shareInvalid', { error: t(`share_${kind}` as MessageKey) }));
      return;
    }
    let normalized: string;
    try {
      normalized = engine.normalizeScene(json);
    } catch (e) {
      if (e instanceof EngineCrash) await engine.settled();
      message('error', t('shareInvalid', { error: issueText(e) }));
      return;
    }
    if (this.replaceScene(normalized, t('shareOpened'), 'share')) {
      message('info', t('shareLoaded'));
    }
  }

  /** Shows (and tries to copy) a link carrying the scene in its hash. */
  async share(): Promise<void> {
    const compact = JSON.stringify(JSON.parse(this.host.store.json));
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
    this.host.message('info', t(copied ? 'shareCopied' : 'shareNotCopied', { length: url.length }));
  }

  /** Downloads the scene JSON as `scene.spineparticle.json`. */
  saveFile(): void {
    downloadFile('scene.spineparticle.json', this.host.store.json, 'application/json');
  }
}
