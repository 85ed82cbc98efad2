// What the curve editor and the gradient editor share: a list of keys with a selection, and a
// surface whose key handles drag. A press on a handle selects it and captures the pointer; each
// move previews (`preview`, no undo step); the release commits once (`commit`: one undo step);
// a cancelled pointer (or Escape, through `abandon`) puts the keys back and says `cancel`. Typed
// edits, clicks and nudges commit through `apply`. The subclass draws, and says where a drag
// puts its key (`dragTo`).

import { removeKey } from './curve-model';
import { t } from '../i18n';

/** What a key editor tells its caller. */
export interface KeyEditorCallbacks<K> {
  /** Shows keys being dragged (no undo step). */
  preview?(keys: K[]): void;
  /** Commits keys as one undo step (`coalesceKey`: repeated edits of one key merge). */
  commit(keys: K[], label: string, coalesceKey?: string): void;
  /** A drag was abandoned (the caller restores its own preview). */
  cancel?(): void;
  /** Told when the selection changes. */
  onSelect?(index: number): void;
}

/** A key list with a selection and draggable handles (see the module notes). */
export abstract class KeyEditor<K extends object> {
  protected keys: K[];
  protected selected: number;
  protected drag: { pointer: number; index: number; start: K[]; moved: boolean } | null = null;

  constructor(
    keys: K[],
    private readonly callbacks: KeyEditorCallbacks<K>,
    selected: number | undefined,
  ) {
    this.keys = keys.map((k) => ({ ...k }));
    this.selected = Math.min(selected ?? -1, this.keys.length - 1);
  }

  /** The keys shown. */
  get value(): K[] {
    return this.keys.map((k) => ({ ...k }));
  }

  /** Shows `keys` (the document changed); ignored while a drag is under way. */
  setKeys(keys: K[]): void {
    if (this.drag !== null || JSON.stringify(keys) === JSON.stringify(this.keys)) return;
    this.keys = keys.map((k) => ({ ...k }));
    if (this.selected >= this.keys.length) this.select(this.keys.length - 1);
    this.relayout();
    this.draw();
  }

  /** Redraws the keys and the selection. */
  protected abstract draw(): void;

  /** The keys when the key `index` of `start` is dragged to the pointer of `e`. */
  protected abstract dragTo(start: K[], index: number, e: PointerEvent): K[];

  /** Recomputes what depends on the keys before a draw (default: nothing). */
  protected relayout(): void {}

  /** A pointer moved over the surface, dragging or not (default: nothing). */
  protected hover(e: PointerEvent): void {
    void e;
  }

  /** A drag ended (default: nothing). */
  protected dropped(): void {}

  /** Drags the handles (elements of class `handleClass` with a `data-index`) of `surface`. */
  protected listen(surface: GlobalEventHandlers & HTMLOrSVGElement & Pick<Element, 'setPointerCapture'>, handleClass: string): void {
    surface.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const target = e.target as Element;
      const index = target.classList.contains(handleClass) ? Number(target.getAttribute('data-index')) : -1;
      this.select(index);
      surface.focus({ preventScroll: true });
      if (index >= 0) {
        e.preventDefault();
        this.drag = { pointer: e.pointerId, index, start: this.value, moved: false };
        surface.setPointerCapture(e.pointerId);
      }
      this.draw();
    });
    surface.addEventListener('pointermove', (e) => {
      this.hover(e);
      const d = this.drag;
      if (d === null || e.pointerId !== d.pointer) return;
      const next = this.dragTo(d.start, d.index, e);
      if (JSON.stringify(next) === JSON.stringify(this.keys)) return;
      d.moved = true;
      this.keys = next;
      this.draw();
      this.callbacks.preview?.(this.value);
    });
    surface.addEventListener('pointerup', (e) => {
      const d = this.drag;
      if (d === null || e.pointerId !== d.pointer) return;
      this.drag = null;
      this.dropped();
      if (d.moved && JSON.stringify(d.start) !== JSON.stringify(this.keys)) this.callbacks.commit(this.value, t('moveKey'));
    });
    surface.addEventListener('pointercancel', () => this.abandon());
  }

  protected select(index: number): void {
    this.selected = index;
    this.callbacks.onSelect?.(index);
  }

  /** Commits `next` (a click, typing, a toggle: one undo step each). */
  protected apply(next: K[], label: string, coalesceKey?: string): void {
    this.keys = next;
    this.relayout();
    this.draw();
    this.callbacks.commit(this.value, label, coalesceKey);
  }

  /** Removes the selected key (never the last one). */
  protected removeSelected(): void {
    if (this.selected < 0 || this.keys.length <= 1) return;
    const next = removeKey(this.keys, this.selected);
    this.select(Math.min(this.selected, next.length - 1));
    this.apply(next, t('removeKey'));
  }

  /** Puts the keys of a drag back (Escape, a cancelled pointer). */
  protected abandon(): void {
    const d = this.drag;
    if (d === null) return;
    this.drag = null;
    this.keys = d.start;
    this.draw();
    this.callbacks.cancel?.();
  }
}
