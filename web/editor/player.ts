// The playback clock of the timeline: play / pause and seek drive the engine's timeline time;
// while playing, each displayed frame plays the wall-clock time since the previous frame (at
// most 0.1 s, so a background tab does not jump) on the core's clock (Engine.play): a
// loop-continuous scene plays its start, then repeats its loop seamlessly; when the end is asked
// for, the loop runs to its end once more and the end segment plays (emission stopped, the
// living finish), as a game plays `end` after the current loop; past the end of the timeline it
// restarts at 0 (and the end request is done). One-shot systems play their animation at the
// timeline time (again at the loop's times when it repeats).

import type { Engine, SegmentKind, TimelineInfo } from '../engine/engine';

/** Longest step of one displayed frame, seconds. */
export const MAX_FRAME_STEP_SECS = 0.1;

/** Play / pause, seek, the end request and the per-frame advance. */
export class Player {
  /** Whether the timeline plays. */
  playing = true;
  /** The end segment is asked for (see the file comment). */
  playEnd = false;
  private lastFrameMs = 0;
  /** Called when play / pause or the end request changes (the timeline redraws its buttons). */
  onChange: (() => void) | null = null;

  /** `minLength` is the shortest the timeline may be (skeletons on the same clock), `fps` the
   * export frame rate (for the read-out). */
  constructor(
    private readonly engine: Engine,
    private readonly minLength: () => number,
    readonly fps: () => number,
  ) {}

  /** The core's timeline of the current scene. */
  timeline(): TimelineInfo {
    return this.engine.timeline();
  }

  /** Length of the scrub range, seconds. */
  length(info: TimelineInfo = this.timeline()): number {
    return Math.max(info.lengthSecs, this.minLength());
  }

  /** Timeline time, seconds. */
  time(): number {
    return this.engine.timeSecs();
  }

  /** The frame showing at `timeSecs` at the export fps (the core's Timebase); null while the engine restarts. */
  frame(timeSecs: number = this.time()): number | null {
    return this.engine.frameAt(timeSecs, this.fps());
  }

  /** The segment at the current time (none without loop-continuous systems). */
  segment(): SegmentKind | null {
    return this.engine.segmentAt(this.time());
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

  /** Asks for the end segment (and plays), or takes the request back. */
  setPlayEnd(on: boolean): void {
    this.playEnd = on;
    if (on && !this.playing) this.setPlaying(true);
    else this.onChange?.();
  }

  /** Plays `dtSecs` on the core's clock. */
  step(dtSecs: number): void {
    if (this.engine.play(dtSecs, this.minLength(), this.playEnd) && this.playEnd) {
      this.playEnd = false;
      this.onChange?.();
    }
  }

  /** Advances the clock for a frame displayed at `nowMs` (see the file comment). */
  advance(nowMs: number): void {
    const dt = this.lastFrameMs === 0 ? 0 : Math.min(MAX_FRAME_STEP_SECS, (nowMs - this.lastFrameMs) / 1000);
    this.lastFrameMs = nowMs;
    if (this.playing && dt > 0) this.step(dt);
  }
}
