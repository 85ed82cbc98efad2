// The message area (`#messages`): short notes and errors, newest last, at most five shown; notes
// go after 8 s, errors after 20 s (and to the console), each can be closed. Text only.

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
    const close = h('button', { type: 'button', class: 'icon', 'aria-label': t('close') }, '✕');
    const item = h('div', { class: `message ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, h('span', { class: 'text' }, text), close);
    close.addEventListener('click', () => item.remove());
    this.box.appendChild(item);
    while (this.box.children.length > MAX_SHOWN) this.box.firstElementChild?.remove();
    setTimeout(() => item.remove(), kind === 'error' ? 20000 : 8000);
    if (kind === 'error') console.warn(`[SpineParticle] ${text}`);
  }
}
