// Drag previews of the canvas tools (the gizmo overlay, gizmo-overlay.ts, and the collider and
// path tools, objects/canvas.ts): while a drag lasts, the engine shows a draft document, given at
// most once per animation frame however fast the pointer reports; nothing is recorded. The commit
// on release gives the engine the recorded document; an abandoned drag gives it back (`restore`).

import type { Scene } from '../document/types';
import type { Engine } from '../engine/engine';

/**
 * Drag previews: the engine gets a draft document at most once per animation frame, however fast
 * the pointer reports (nothing is recorded); `restore` gives it the recorded document back.
 */
export class ScenePreview {
  private queued = false;
  private draft: Scene | null = null;
  private apply: ((draft: Scene) => void) | null = null;

  constructor(private readonly engine: Engine) {}

  /**
   * Shows `draft` on the next frame (the latest one wins): the engine gets it, or `apply` when
   * given (a scene provider's own preview).
   */
  show(draft: Scene, apply?: (draft: Scene) => void): void {
    this.draft = draft;
    this.apply = apply ?? null;
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      const d = this.draft;
      if (d === null) return;
      if (this.apply !== null) {
        this.apply(d);
        return;
      }
      try {
        const time = this.engine.timeSecs();
        this.engine.setScene(JSON.stringify(d));
        this.engine.setTime(time);
      } catch {
        // Outside the limits: the commit reports it.
      }
    });
  }

  /** Forgets the draft (the commit, or `restore`, gives the engine the document). */
  end(): void {
    this.draft = null;
  }

  /** Gives the engine the recorded document `json` again, keeping the time. */
  restore(json: string): void {
    this.draft = null;
    const time = this.engine.timeSecs();
    this.engine.setScene(json);
    this.engine.setTime(time);
  }
}
