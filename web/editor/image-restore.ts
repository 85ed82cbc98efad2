// User images kept in IndexedDB across reloads: re-registering the ones still referred to.

import { readRecovery } from '../document/autosave';
import type { Engine } from '../engine/engine';
import { cachedImages, pruneImages } from '../files/imagecache';
import type { Scene } from '../document/types';

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
