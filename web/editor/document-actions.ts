// The commands that replace or hand out the whole document: new scene, open (a dropped scene,
// a recovered one), a preset (as the scene or as systems), a shared link (`#scene=…`), the share
// link itself and the scene file download. A replaced document is first kept recoverable, so no
// work is lost; the replacement is one undo step.
//
// Full browser storage: keeping it drops the oldest recoverable scenes (the user is told). When it
// cannot be kept at all, the document is replaced only when nothing is lost: it is unchanged since
// it was saved to a file or opened (from a file, a preset, New or a link), and the user is told it
// was not kept. Otherwise the replacement is refused and the user is asked to save first (Ctrl+S):
// replacing anyway would leave the scene only in the undo history, which the next autosave, a
// reload or a crash loses, and Save after the replacement would save the new scene, not this one.

import { keepRecoverable } from '../document/autosave';
import { mergePresetSystems, PRESETS, presetName } from '../document/presets';
import { decodeScenePayload, payloadFromHash, ShareError, shareUrl } from '../document/share';
import type { DocumentStore } from '../document/store';
import type { ParticleSystem, Scene } from '../document/types';
import { EngineCrash, type Engine } from '../engine/engine';
import { issueText } from '../i18n/error-wording';
import { t, type KeyValueStorage, type MessageKey } from '../i18n';
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
  /** Where replaced scenes are kept recoverable; the page's `localStorage` when absent. */
  readonly storage?: KeyValueStorage;
}

/** How a replacement went: the previous document kept recoverable, not kept (it was held
 * elsewhere; the user was told), or the replacement refused (the user was told why). */
type Replaced = 'kept' | 'notKept' | 'refused';

/** The document commands (see the file comment). */
export class DocumentActions {
  private newSystemTemplate: ParticleSystem | null = null;
  /**
   * The document as last saved to a file or opened (from a file, a preset, New, a shared link):
   * while the document is still this, replacing it loses nothing even when storage cannot keep it.
   */
  private heldElsewhere: string | null = null;

  constructor(private readonly host: DocumentActionsHost) {}

  /** A fresh particle system with the defaults of the core. */
  newSystem(): ParticleSystem {
    if (this.newSystemTemplate === null) {
      const scene = JSON.parse(this.host.engine.normalizeScene('{"systems":[{}]}')) as Scene;
      this.newSystemTemplate = scene.systems[0];
    }
    return structuredClone(this.newSystemTemplate);
  }

  /**
   * Replaces the document (undoable) after keeping the current one recoverable; false when it was
   * refused (an invalid document, or one storage cannot keep and nothing else holds: see the file
   * comment). The user is told in every case but the plain one.
   */
  replaceScene(json: string, label: string, reason: string): boolean {
    return this.replace(json, label, reason) !== 'refused';
  }

  /** {@link replaceScene}, saying whether the previous document was kept recoverable. */
  private replace(json: string, label: string, reason: string): Replaced {
    const { store, message } = this.host;
    const previous = store.json;
    const keep = keepRecoverable(this.host.storage ?? localStorage, previous, reason);
    if (!keep.kept && previous !== this.heldElsewhere) {
      message('error', t('sceneNotKeptRefused'));
      return 'refused';
    }
    const result = store.replace(json, label);
    if (!result.ok) {
      message('error', t('documentRefused', { error: result.error }));
      return 'refused';
    }
    // A recovered scene is held by the recovery list only, which may drop it to make room.
    this.heldElsewhere = reason === 'recover' ? null : store.json;
    this.host.afterReplace();
    if (!keep.kept) message('info', t('sceneNotKeptSaved'));
    else if (keep.dropped > 0) message('info', t('recoveryMadeRoom', { count: keep.dropped }));
    return keep.kept ? 'kept' : 'notKept';
  }

  /**
   * Starts a new scene: one particle system with the core's defaults, as "Add" makes it (the page
   * opens on the demo scene; New is a clean start). The previous scene stays recoverable.
   */
  newScene(): void {
    const scene = JSON.parse(this.host.engine.normalizeScene('{"systems":[{}]}')) as Scene;
    scene.systems[0].name = t('newSystemName');
    if (this.replace(JSON.stringify(scene), t('newScene'), 'new') === 'kept') {
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
    if (this.replace(normalized, t('shareOpened'), 'share') === 'kept') {
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

  /** Downloads the scene JSON as `scene.spineparticle.json` (then held elsewhere: see the file comment). */
  saveFile(): void {
    const json = this.host.store.json;
    downloadFile('scene.spineparticle.json', json, 'application/json');
    this.heldElsewhere = json;
  }
}
