// The selected particle system: an index into the document's systems (-1: none). It follows the
// document (clamped when systems go; the first one is selected when there was none) and ends the
// store's coalescing run when it changes, so edits of two systems are two undo steps.

import type { DocumentStore } from '../document/store';

/** The selected system. */
export class Selection {
  private index: number;

  /** `onChange` runs after a user selection (the panels redraw). */
  constructor(
    private readonly store: DocumentStore,
    private readonly onChange: () => void,
  ) {
    this.index = store.doc.systems.length > 0 ? 0 : -1;
  }

  /** Index of the selected system, or -1. */
  get(): number {
    return this.index;
  }

  /** Selects system `index` (clamped; -1 for none). */
  select(index: number): void {
    const count = this.store.doc.systems.length;
    const next = count === 0 ? -1 : Math.max(-1, Math.min(index, count - 1));
    if (next === this.index) return;
    this.index = next;
    this.store.breakCoalescing();
    this.onChange();
  }

  /** After a document change: clamps to the systems left, selects the first when none was. */
  follow(systemCount: number): void {
    this.index = Math.min(this.index, systemCount - 1);
    if (this.index < 0 && systemCount > 0) this.index = 0;
  }

  /** After the whole document was replaced: the first system, or none. */
  reset(): void {
    this.index = this.store.doc.systems.length > 0 ? 0 : -1;
  }
}
