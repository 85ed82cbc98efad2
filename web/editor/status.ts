// The status bar: renderer tier, live particles and frame CPU time (refreshed four times a
// second), and the images the scene refers to that the page does not hold.

import { BUILTIN_PREFIX, type Scene } from '../document/types';
import type { Engine } from '../engine/engine';
import { t } from '../i18n';
import { byId } from '../ui/dom';

/** How often the figures are refreshed, ms. */
export const STATUS_INTERVAL_MS = 250;

/** Images of `doc` that are neither built-in nor loaded. */
export function missingImages(doc: Scene, loaded: readonly string[]): string[] {
  const referenced = new Set<string>();
  for (const s of doc.systems) for (const tex of s.textures) referenced.add(tex);
  for (const i of doc.images) referenced.add(i.path);
  return [...referenced].filter((p) => !p.startsWith(BUILTIN_PREFIX) && !loaded.includes(p)).sort();
}

/** The status bar (`#statusbar`). */
export class StatusBar {
  private lastMs = 0;

  constructor(private readonly engine: Engine) {}

  /** Refreshes the figures when {@link STATUS_INTERVAL_MS} passed since the last time. */
  tick(nowMs: number): void {
    if (nowMs - this.lastMs <= STATUS_INTERVAL_MS) return;
    this.lastMs = nowMs;
    byId('status-tier').textContent = this.engine.rendererTier() ?? '—';
    const stats = this.engine.stats();
    byId('status-particles').textContent = stats === null ? '—' : String(stats.liveParticles);
    byId('status-frame').textContent = stats === null ? '—' : stats.frameCpuMs.toFixed(2);
  }

  /** Shows the missing images of `doc` (none: the line is empty); returns them. */
  showMissing(doc: Scene): string[] {
    const missing = missingImages(doc, this.engine.imagePaths());
    byId('status-missing').textContent = missing.length > 0 ? t('missingImages', { list: missing.join(', ') }) : '';
    return missing;
  }
}
