// Timeline: play/pause (Space), restart, scrub, and the time read-out in seconds and frames at
// the export FPS. Playback wraps at the end of the timeline so effects keep showing.

import { t } from '../i18n';
import { readout } from './playback';
import { clear, h } from '../ui/dom';
import { icon } from '../ui/icons';
import type { Player } from './player';

/** The timeline bar. */
export class Timeline {
  private readonly play: HTMLButtonElement;
  private readonly scrub: HTMLInputElement;
  private readonly seconds: HTMLElement;
  private readonly frames: HTMLElement;
  private readonly restartButton: HTMLButtonElement;
  private scrubbing = false;

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
    this.seconds = h('span', { id: 'time-seconds' });
    this.frames = h('span', { id: 'time-frames' });
    root.append(this.restartButton, this.play, this.scrub, h('span', { id: 'time-readout', class: 'readout' }, this.seconds, ' s · ', this.frames));
    this.relabel();
  }

  /** Updates labels after a language change. */
  relabel(): void {
    this.restartButton.title = t('restart');
    this.restartButton.setAttribute('aria-label', t('restart'));
    this.play.dataset.state = '';
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
    const length = this.player.length();
    if (this.scrub.max !== String(length)) this.scrub.max = String(length);
    const time = this.player.time();
    if (!this.scrubbing) this.scrub.value = String(Math.min(time, length));
    const r = readout(time, this.player.fps());
    this.seconds.textContent = r.seconds;
    this.frames.textContent = `${t('frame')} ${r.frame} @ ${this.player.fps()} fps`;
  }
}
