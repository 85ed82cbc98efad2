// Keyboard shortcuts of the editor: undo / redo, save, open, duplicate the selected system, F to
// frame the view, and Space to pan (held) or play / pause (tapped). Open, duplicate and frame
// press the editor's own button (one code path; a disabled button does nothing), and keep the
// browser's meaning of the keys (open a page, bookmark) from taking over the editor.

import type { DocumentStore } from '../document/store';
import { byId } from '../ui/dom';
import type { Viewport } from './viewport';

/** What the shortcuts act on. */
export interface KeyHost {
  /** The document store (undo / redo). */
  readonly store: DocumentStore;
  /** The viewport (Space-drag panning). */
  readonly viewport: Viewport;
  /** Whether playback runs. */
  isPlaying(): boolean;
  /** Starts or pauses playback. */
  setPlaying(on: boolean): void;
  /** Saves the scene as a file. */
  saveFile(): void;
}

/** Clicks button `id` when it is there and enabled. */
function press(id: string): void {
  const button = document.getElementById(id);
  if (button instanceof HTMLButtonElement && !button.disabled) button.click();
}

/** Installs the window key listeners. */
export function installKeys(host: KeyHost): void {
  const isTyping = (el: Element | null): boolean =>
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLInputElement && !['checkbox', 'range', 'color', 'button'].includes(el.type));
  window.addEventListener('keydown', (e) => {
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (mod && key === 'z' && !(document.activeElement instanceof HTMLTextAreaElement)) {
      e.preventDefault();
      (document.activeElement as HTMLElement | null)?.blur?.();
      if (e.shiftKey) host.store.redo();
      else host.store.undo();
      return;
    }
    if (mod && key === 'y' && !(document.activeElement instanceof HTMLTextAreaElement)) {
      e.preventDefault();
      (document.activeElement as HTMLElement | null)?.blur?.();
      host.store.redo();
      return;
    }
    if (mod && key === 's') {
      e.preventDefault();
      host.saveFile();
      return;
    }
    if (mod && !e.shiftKey && !e.altKey && (key === 'o' || key === 'd')) {
      e.preventDefault();
      // A field being typed in commits first (as before undo), so a copy has its value.
      (document.activeElement as HTMLElement | null)?.blur?.();
      press(key === 'o' ? 'open-button' : 'duplicate-system');
      return;
    }
    if (!mod && !e.altKey && key === 'f' && !isTyping(document.activeElement)) {
      e.preventDefault();
      press('fit-view');
      return;
    }
    if (e.code === 'Space' && !isTyping(document.activeElement)) {
      e.preventDefault();
      if (!e.repeat) {
        host.viewport.spaceHeld = true;
        host.viewport.pannedWithSpace = false;
        byId('viewport').classList.add('space');
      }
    }
  });
  window.addEventListener('keyup', (e) => {
    if (e.code === 'Space' && host.viewport.spaceHeld) {
      e.preventDefault();
      host.viewport.spaceHeld = false;
      byId('viewport').classList.remove('space');
      if (!host.viewport.pannedWithSpace) host.setPlaying(!host.isPlaying());
    }
  });
}
