// Drag and drop for the editor: the window drop listeners, and routing a drop plan (scene,
// Spine skeleton, MS3D model, texture, flipbook) to the document, the engine and the panels.

import type { ImageAsset, ParticleSystem } from '../document/types';
import { issueText } from '../i18n/error-wording';
import { MAX_DROP_BYTES, type DropPlan, type Rejected, type UnusedAtlasCause } from '../files/drop';
import { collectDrop, routeFiles, type PathedFile } from '../files/dropio';
import { t, type MessageKey } from '../i18n';
import type { ModelObjects } from '../models/objects';
import type { SkeletonObjects } from '../skeleton/skeletons';
import { byId } from '../ui/dom';
import type { EditorContext } from './context';

const dropReasonKey: Record<string, MessageKey> = {
  tooLarge: 'dropTooLargeFile',
  unsupported: 'dropUnsupported',
  invalidJson: 'dropInvalidJson',
  unknownJson: 'dropUnknownJson',
  unused: 'dropUnused',
};

/** Why an atlas was not used, as the message says it. */
const unusedAtlasKey: Record<UnusedAtlasCause, MessageKey> = {
  noSkeleton: 'dropAtlasNoSkeleton',
  skeletonRefused: 'dropAtlasSkeletonRefused',
  noMatchingSkeleton: 'dropAtlasNoMatch',
};

/** The message of a file the drop does not use: an unused atlas and its pages say why. */
function rejectionText(r: Rejected): string {
  if (r.reason === 'unused' && r.atlas !== undefined) return t('dropAtlasPage', { file: r.path, atlas: r.atlas });
  if (r.reason === 'unused' && r.because !== undefined) return t(unusedAtlasKey[r.because], { file: r.path });
  return t(dropReasonKey[r.reason], { file: r.path, size: mb(r.sizeBytes ?? 0), max: mb(r.limitBytes ?? 0) });
}

/** Bytes as megabytes for a message: one decimal, none when whole (96, 32.5). */
function mb(bytes: number): string {
  const v = bytes / 1048576;
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

/** What applying a drop needs from the editor. */
export interface DropHost extends EditorContext {
  /** Replaces the document (undoable) after keeping the current one recoverable. */
  replaceScene(json: string, label: string, reason: string): boolean;
  /** A fresh default particle system. */
  newSystem(): ParticleSystem;
  /** Updates the panels from the current document. */
  refreshPanels(): void;
  /** Decodes and registers an image (see web/editor/images.ts); null when refused. */
  loadImage(path: string, file: Blob): Promise<ImageAsset | null>;
  /** The skeletons of the scene (a dropped playable skeleton is placed there). */
  readonly skeletons: SkeletonObjects;
  /** The models of the scene (a dropped `.ms3d` is placed there). */
  readonly models: ModelObjects;
}

/** Routes and applies dropped or picked files. */
export async function handleFiles(host: DropHost, files: PathedFile[]): Promise<void> {
  if (files.length === 0) return;
  const { plan, byPath, texts } = await routeFiles(files);
  await applyPlan(host, plan, byPath, texts);
}

/** Installs the window drag-and-drop listeners; dropped files go to `onFiles`. */
export function installDrop(host: DropHost): void {
  const overlay = byId('drop-overlay');
  let depth = 0;
  window.addEventListener('dragenter', (e) => {
    e.preventDefault();
    depth += 1;
    overlay.hidden = false;
  });
  window.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) overlay.hidden = true;
  });
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    overlay.hidden = true;
    if (e.dataTransfer === null) return;
    const collecting = collectDrop(e.dataTransfer);
    void collecting.then((files) => handleFiles(host, files)).catch((err: unknown) => host.message('error', t('dropFailed', { error: issueText(err) })));
  });
}

/** Applies a routed drop: reports rejected files, then runs every action in order. */
export async function applyPlan(host: DropHost, plan: DropPlan, byPath: Map<string, PathedFile>, texts: Map<string, string>): Promise<void> {
  if (plan.totalTooLarge) {
    host.message('error', t('dropTooLarge', { size: mb(plan.totalBytes), max: mb(MAX_DROP_BYTES) }));
    return;
  }
  for (const r of plan.rejected) {
    host.message('error', rejectionText(r));
  }
  for (const action of plan.actions) {
    switch (action.kind) {
      case 'scene': {
        const text = texts.get(action.scene.path) ?? '';
        let normalized: string;
        try {
          normalized = host.engine.normalizeScene(text);
        } catch (e) {
          host.message('error', t('documentRefusedFile', { file: action.scene.path, error: issueText(e) }));
          break;
        }
        const dir = action.scene.path.includes('/') ? action.scene.path.slice(0, action.scene.path.lastIndexOf('/') + 1) : '';
        for (const img of action.images) {
          const rel = dir !== '' && img.path.startsWith(dir) ? img.path.slice(dir.length) : img.path;
          const file = byPath.get(img.path);
          if (file !== undefined) await host.loadImage(rel, file.file);
        }
        host.replaceScene(normalized, t('openScene'), 'open');
        break;
      }
      case 'spine': {
        host.message('info', t('spineDetected', { file: action.skeleton.path, atlas: action.atlas?.path ?? t('none'), pages: action.pages.length }));
        const files = [action.skeleton, ...(action.atlas === null ? [] : [action.atlas]), ...action.pages]
          .map((f) => byPath.get(f.path))
          .filter((f): f is PathedFile => f !== undefined);
        await host.skeletons.openDrop(files);
        break;
      }
      case 'ms3d': {
        host.message('info', t('ms3dDetected', { file: action.model.path }));
        const file = byPath.get(action.model.path);
        if (file === undefined) break;
        const images = action.images.map((f) => byPath.get(f.path)).filter((f): f is PathedFile => f !== undefined);
        await host.models.openDrop([file, ...images]);
        break;
      }
      case 'texture': {
        const file = byPath.get(action.image.path);
        if (file === undefined) break;
        const asset = await host.loadImage(action.image.path, file.file);
        if (asset !== null) useTextures(host, [asset], false);
        break;
      }
      case 'flipbook': {
        const assets: ImageAsset[] = [];
        for (const frame of action.frames) {
          const file = byPath.get(frame.path);
          if (file === undefined) continue;
          const asset = await host.loadImage(frame.path, file.file);
          if (asset !== null) assets.push(asset);
        }
        if (assets.length > 0) useTextures(host, assets, assets.length > 1);
        break;
      }
    }
  }
}

/** Gives the selected system (or a new one) these images as texture / flipbook frames. */
function useTextures(host: DropHost, assets: ImageAsset[], flipbook: boolean): void {
  let index = host.selected();
  const paths = assets.map((a) => a.path);
  const fresh = index < 0 ? host.newSystem() : null;
  const ok = host.edit(flipbook ? t('dropFlipbook') : t('dropTexture'), (d) => {
    for (const a of assets) {
      const at = d.images.findIndex((i) => i.path === a.path);
      if (at >= 0) d.images[at] = a;
      else d.images.push(a);
    }
    if (fresh !== null) {
      fresh.name = paths[0].replace(/^.*\//, '').replace(/\.[^.]*$/, '');
      d.systems.push(fresh);
      index = d.systems.length - 1;
    }
    const sys = d.systems[index];
    sys.textures = paths;
    sys.flipbook.enabled = flipbook;
  });
  if (ok) {
    host.select(index);
    host.message('info', flipbook ? t('flipbookApplied', { count: paths.length }) : t('textureApplied', { file: paths[0] }));
  }
  // The engine may have drawn the old scene before the images arrived: push again.
  host.refreshPanels();
}
