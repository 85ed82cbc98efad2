// The playback clock of the timeline: play / pause and seek drive the engine's timeline time;
// while playing, each displayed frame advances it by the wall-clock time since the previous
// frame (at most 0.1 s, so a background tab does not jump) and wraps to 0 at the end of the
// timeline, so effects keep showing.

import type { Engine } from '../engine/engine';

/** Longest step of one displayed frame, seconds. */
export const MAX_FRAME_STEP_SECS = 0.1;

/** Play / pause, seek and the per-frame advance. */
export class Player {
  /** Whether the timeline plays. */
  playing = true;
  private lastFrameMs = 0;
  /** Called when play / pause changes (the timeline redraws its button). */
  onChange: (() => void) | null = null;

  /** `lengthSecs` is the timeline length, `fps` the export frame rate (for the read-out). */
  constructor(
    private readonly engine: Engine,
    readonly length: () => number,
    readonly fps: () => number,
  ) {}

  /** Timeline time, seconds. */
  time(): number {
    return this.engine.timeSecs();
  }

  /** Seeks to `timeSecs` (negative times seek to 0). */
  seek(timeSecs: number): void {
    this.engine.setTime(Math.max(0, timeSecs));
  }

  /** Plays or pauses. */
  setPlaying(on: boolean): void {
    this.playing = on;
    this.lastFrameMs = 0;
    this.onChange?.();
  }

  /** Advances the clock for a frame displayed at `nowMs` (see the file comment). */
  advance(nowMs: number): void {
    const dt = this.lastFrameMs === 0 ? 0 : Math.min(MAX_FRAME_STEP_SECS, (nowMs - this.lastFrameMs) / 1000);
    this.lastFrameMs = nowMs;
    if (this.playing && dt > 0) {
      this.engine.advance(dt);
      if (this.engine.timeSecs() >= this.length()) this.engine.setTime(0);
    }
  }
}
