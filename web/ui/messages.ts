// The message area (`#messages`): short notes and errors, newest last, at most five shown; notes
// go after 8 s, errors after 20 s (and to the console), a mode's hint when its mode ends (the
// caller dismisses it), each can be closed. Text only.

import { t } from '../i18n';
import { h } from './dom';

/** Message severity. */
export type MessageKind = 'info' | 'error';

/** Shows a message. */
export type ShowMessage = (kind: MessageKind, text: string) => void;

/** Most messages shown at once. */
const MAX_SHOWN = 5;

/** The message area in `box`. */
export class MessageArea {
  constructor(private readonly box: HTMLElement) {}

  /** Shows `text` (see the file comment). */
  show(kind: MessageKind, text: string): void {
    const item = this.item(kind, text);
    setTimeout(() => item.remove(), kind === 'error' ? 20000 : 8000);
    if (kind === 'error') console.warn(`[SpineParticle] ${text}`);
  }

  /** Shows the hint `text` of a mode (drawing on the canvas) until the returned function is
   * called as the mode ends, however long it lasts (a timed note could leave mid-drawing or stay
   * after it). */
  hint(text: string): () => void {
    const item = this.item('info', text);
    return () => item.remove();
  }

  private item(kind: MessageKind, text: string): HTMLElement {
    const close = h('button', { type: 'button', class: 'icon', 'aria-label': t('close') }, '✕');
    const item = h('div', { class: `message ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, h('span', { class: 'text' }, text), close);
    close.addEventListener('click', () => item.remove());
    this.box.appendChild(item);
    while (this.box.children.length > MAX_SHOWN) this.box.firstElementChild?.remove();
    return item;
  }
}
