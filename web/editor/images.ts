// The user images of the page: a dropped or picked image is decoded, registered with the engine
// and kept in IndexedDB; after a reload the kept images that a scene still refers to come back.

import { readRecovery } from '../document/autosave';
import type { ImageAsset, Scene } from '../document/types';
import type { Engine } from '../engine/engine';
import { errorText } from '../errors';
import { cachedImages, cacheImage, pruneImages } from '../files/imagecache';
import { decodeImage, ImageError, MAX_IMAGE_SIDE } from '../files/images';
import { t, type MessageKey } from '../i18n';
import type { ShowMessage } from '../ui/messages';

/** Decodes and registers an image under `path`; null (with a message) when it cannot be used. */
export async function loadImage(engine: Engine, message: ShowMessage, path: string, file: Blob): Promise<ImageAsset | null> {
  try {
    const img = await decodeImage(file);
    engine.addImage(path, img.width, img.height, img.rgba);
    void cacheImage({ path, ...img }).catch(() => undefined);
    return { path, width: img.width, height: img.height };
  } catch (e) {
    const reason = e instanceof ImageError ? t(`image_${e.problem}` as MessageKey, { ...e.size, max: MAX_IMAGE_SIDE }) : errorText(e);
    message('error', t('imageRefused', { file: path, reason }));
    return null;
  }
}

/**
 * Re-registers user images kept in IndexedDB (after a reload) that `current` or any recoverable
 * scene refers to, and forgets the stored images nothing refers to. True when an image was added.
 */
export async function restoreCachedImages(engine: Engine, current: Scene): Promise<boolean> {
  const referenced = new Set<string>();
  const docs: Scene[] = [current];
  for (const item of readRecovery(localStorage)) {
    try {
      docs.push(JSON.parse(item.json) as Scene);
    } catch {
      // An unreadable recovery entry refers to nothing.
    }
  }
  for (const doc of docs) {
    for (const image of doc.images ?? []) referenced.add(image.path);
    for (const sys of doc.systems ?? []) for (const tex of sys.textures ?? []) referenced.add(tex);
  }
  let images;
  try {
    images = await cachedImages();
    await pruneImages([...referenced]);
  } catch {
    return false;
  }
  const loaded = engine.imagePaths();
  let any = false;
  for (const img of images) {
    if (loaded.includes(img.path) || !referenced.has(img.path)) continue;
    engine.addImage(img.path, img.width, img.height, img.rgba);
    any = true;
  }
  return any;
}
