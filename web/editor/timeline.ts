// Timeline: play/pause (Space), restart, scrub, the time read-out in seconds and frames at the
// export FPS, and for a loop-continuous scene its three segments over the scrub bar (start |
// loop | end, each titled with the animation names it is exported as), the current one marked,
// and "Play the end" (Player.setPlayEnd). Playback repeats the loop seamlessly and restarts at
// the end of the timeline (web/editor/player.ts); scrubbing seeks exactly in any segment. All
// times and segments come from the core's clock (Engine.timeline).

import { t, type MessageKey } from '../i18n';
import { placeSegments, readout } from './playback';
import { clear, h } from '../ui/dom';
import { icon } from '../ui/icons';
import type { SegmentKind } from '../engine/engine';
import type { Player } from './player';

const SEGMENT_LABEL: Record<SegmentKind, MessageKey> = { start: 'segmentStart', loop: 'segmentLoop', end: 'segmentEnd' };

/** The timeline bar. */
export class Timeline {
  private readonly play: HTMLButtonElement;
  private readonly scrub: HTMLInputElement;
  private readonly segments: HTMLElement;
  private readonly endButton: HTMLButtonElement;
  private readonly seconds: HTMLElement;
  private readonly frames: HTMLElement;
  private readonly restartButton: HTMLButtonElement;
  private scrubbing = false;
  /** What the segment strip shows (re-laid out when it changes). */
  private layoutKey = '';

  constructor(
    root: HTMLElement,
    private readonly player: Player,
  ) {
    this.play = h('button', { type: 'button', id: 'play-button', class: 'icon big', onclick: () => player.setPlaying(!player.playing) });
    this.restartButton = h('button', { type: 'button', id: 'restart-button', class: 'icon big', onclick: () => player.seek(0) }, icon('restart'));
    this.scrub = h('input', { type: 'range', id: 'scrub', min: 0, max: 1, step: 'any', value: 0 });
    this.scrub.addEventListener('input', () => {
      this.scrubbing = true;
      player.seek(Number(this.scrub.value));
    });
    this.scrub.addEventListener('change', () => {
      this.scrubbing = false;
    });
    this.segments = h('div', { id: 'timeline-segments', class: 'timeline-segments' });
    this.endButton = h('button', { type: 'button', id: 'play-end-button', class: 'timeline-end', onclick: () => player.setPlayEnd(!player.playEnd) });
    this.seconds = h('span', { id: 'time-seconds' });
    this.frames = h('span', { id: 'time-frames' });
    root.append(
      this.restartButton,
      this.play,
      h('div', { class: 'timeline-track' }, this.segments, this.scrub),
      this.endButton,
      h('span', { id: 'time-readout', class: 'readout' }, this.seconds, ' s · ', this.frames),
    );
    this.relabel();
  }

  /** Updates labels after a language change. */
  relabel(): void {
    this.restartButton.title = t('restart');
    this.restartButton.setAttribute('aria-label', t('restart'));
    this.endButton.textContent = t('timelineEnd');
    this.endButton.title = t('timelineEndHint');
    this.play.dataset.state = '';
    this.layoutKey = '';
    this.tick();
  }

  /** Updates the controls from the player (called every frame). */
  tick(): void {
    const playing = this.player.playing;
    const glyph = playing ? 'pause' : 'play';
    if (this.play.dataset.state !== glyph) {
      this.play.dataset.state = glyph;
      clear(this.play);
      this.play.appendChild(icon(glyph));
      this.play.title = `${playing ? t('pause') : t('play')} (Space)`;
      this.play.setAttribute('aria-label', playing ? t('pause') : t('play'));
    }
    const info = this.player.timeline();
    const length = this.player.length(info);
    if (this.scrub.max !== String(length)) this.scrub.max = String(length);
    const time = this.player.time();
    if (!this.scrubbing) this.scrub.value = String(Math.min(time, length));
    this.layout(info, length);
    const current = this.player.segment();
    for (const el of this.segments.children) (el as HTMLElement).classList.toggle('current', (el as HTMLElement).dataset.kind === current);
    this.endButton.setAttribute('aria-pressed', String(this.player.playEnd));
    const r = readout(time, this.player.frame(time));
    this.seconds.textContent = r.seconds;
    this.frames.textContent = `${t('frame')} ${r.frame} @ ${this.player.fps()} fps`;
  }

  /** Lays the segment strip out when the timeline changed. */
  private layout(info: ReturnType<Player['timeline']>, length: number): void {
    const key = JSON.stringify([info.segments, length]);
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    clear(this.segments);
    const placed = placeSegments(info, length);
    this.segments.hidden = placed.length === 0;
    this.endButton.hidden = placed.length === 0;
    for (const s of placed) {
      const label = t(SEGMENT_LABEL[s.kind]);
      const names = s.names.join(', ');
      const el = h('div', { class: `timeline-segment ${s.kind}` }, h('span', { class: 'segment-label' }, label), h('span', { class: 'segment-names' }, names));
      el.dataset.kind = s.kind;
      el.dataset.names = names;
      el.style.left = `${s.leftPct}%`;
      el.style.width = `${s.widthPct}%`;
      el.title = t('segmentTitle', { segment: label, names });
      this.segments.appendChild(el);
    }
  }
}
