// Undo/redo history of immutable document snapshots (JSON strings), with coalescing: a change
// carrying the same coalescing key as the previous one, within `windowMs`, replaces it instead of
// adding a step (a drag or a typed number is one step). Breaking coalescing (pointer up, blur,
// undo) starts a new step next time.

/** Options of a {@link History}. */
export interface HistoryOptions {
  /** Most undo steps kept (oldest dropped first). */
  limit: number;
  /** Coalescing window in milliseconds. */
  windowMs: number;
}

/** One recorded state. */
interface Entry {
  /** Document JSON. */
  doc: string;
  /** Label of the change that produced it. */
  label: string;
}

/** Linear undo/redo history of snapshots. */
export class History {
  private readonly past: Entry[] = [];
  private present: Entry;
  private future: Entry[] = [];
  private lastKey: string | null = null;
  private lastTimeMs = -Infinity;
  private readonly options: HistoryOptions;

  constructor(initialDoc: string, options: Partial<HistoryOptions> = {}) {
    this.present = { doc: initialDoc, label: '' };
    this.options = { limit: options.limit ?? 500, windowMs: options.windowMs ?? 1000 };
  }

  /** Current document JSON. */
  get current(): string {
    return this.present.doc;
  }

  /** Number of undo steps available. */
  get undoDepth(): number {
    return this.past.length;
  }

  /** Number of redo steps available. */
  get redoDepth(): number {
    return this.future.length;
  }

  /** Label of the step that undo would revert. */
  get undoLabel(): string | null {
    return this.past.length > 0 ? this.present.label : null;
  }

  /** Label of the step that redo would re-apply. */
  get redoLabel(): string | null {
    return this.future.length > 0 ? this.future[this.future.length - 1].label : null;
  }

  /**
   * Records a new state. When `coalesceKey` matches the previous change's key and the previous
   * change is at most `windowMs` old, the previous step is extended instead of a new one added.
   * Returns false (nothing recorded) when `doc` equals the current state.
   */
  push(doc: string, label: string, coalesceKey: string | null = null, nowMs = Date.now()): boolean {
    if (doc === this.present.doc) return false;
    const coalesce =
      coalesceKey !== null &&
      coalesceKey === this.lastKey &&
      nowMs - this.lastTimeMs <= this.options.windowMs &&
      this.past.length > 0 &&
      this.future.length === 0;
    if (coalesce) {
      this.present = { doc, label };
      if (this.past[this.past.length - 1].doc === doc) {
        // Typed back to where the step started: the step disappears.
        this.present = this.past.pop() as Entry;
        this.lastKey = null;
      }
    } else {
      this.past.push(this.present);
      if (this.past.length > this.options.limit) this.past.shift();
      this.present = { doc, label };
    }
    this.future = [];
    this.lastKey = coalesceKey;
    this.lastTimeMs = nowMs;
    return true;
  }

  /** Ends the current coalescing run (the next change starts a new step). */
  breakCoalescing(): void {
    this.lastKey = null;
  }

  /** Steps back; returns the new current document, or null when there is nothing to undo. */
  undo(): string | null {
    const prev = this.past.pop();
    if (prev === undefined) return null;
    this.future.push(this.present);
    this.present = prev;
    this.lastKey = null;
    return prev.doc;
  }

  /** Steps forward; returns the new current document, or null when there is nothing to redo. */
  redo(): string | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.past.push(this.present);
    this.present = next;
    this.lastKey = null;
    return next.doc;
  }
}
