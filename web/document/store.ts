// The document store: the scene JSON is the single source of truth. Every change is a command
// that produces a new document, validated and normalised by Rust (`normalizeScene` through the
// engine facade), recorded in an undo history. Listeners see every new current document.

import { History } from './history';
import type { Scene } from './types';
import { issueText } from '../i18n/error-wording';

/** Validates and normalises a scene JSON string (throws an Error naming the field path). */
export type Normalize = (json: string) => string;

/** Where a change came from. */
export type ChangeSource = 'edit' | 'replace' | 'undo' | 'redo';

/** What listeners receive. */
export interface ChangeEvent {
  /** The new current document (treat as read-only). */
  doc: Scene;
  /** Its normalised JSON. */
  json: string;
  /** What caused it. */
  source: ChangeSource;
  /** Label of the change (or of the undone/redone change). */
  label: string;
}

/** Outcome of a command. */
export type EditResult = { ok: true; changed: boolean } | { ok: false; error: string };

/** Holds the current document and its history. */
export class DocumentStore {
  private readonly history: History;
  private readonly normalize: Normalize;
  private cached: Scene;
  private readonly listeners = new Set<(event: ChangeEvent) => void>();

  /** `initialJson` must already be normalised (use {@link DocumentStore.create}). */
  private constructor(initialJson: string, normalize: Normalize, limit: number) {
    this.normalize = normalize;
    this.history = new History(initialJson, { limit });
    this.cached = JSON.parse(initialJson) as Scene;
  }

  /** A store holding `json` (normalised first; throws when invalid). */
  static create(json: string, normalize: Normalize, limit = 500): DocumentStore {
    return new DocumentStore(normalize(json), normalize, limit);
  }

  /** Current document (read-only view; edit through {@link edit}). */
  get doc(): Scene {
    return this.cached;
  }

  /** Current normalised JSON. */
  get json(): string {
    return this.history.current;
  }

  /** Undo steps available. */
  get undoDepth(): number {
    return this.history.undoDepth;
  }

  /** Redo steps available. */
  get redoDepth(): number {
    return this.history.redoDepth;
  }

  /** Registers a listener; returns its removal. */
  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Applies `mutate` to a copy of the document, validates the result and records it. Changes
   * with the same `coalesceKey` in quick succession form one undo step.
   */
  edit(label: string, mutate: (draft: Scene) => void, coalesceKey: string | null = null): EditResult {
    const draft = structuredClone(this.cached);
    try {
      mutate(draft);
    } catch (e) {
      return { ok: false, error: issueText(e) };
    }
    return this.commit(JSON.stringify(draft), label, coalesceKey, 'edit');
  }

  /** Replaces the whole document (open, share URL, preset scene, new scene): one undo step. */
  replace(json: string, label: string): EditResult {
    this.history.breakCoalescing();
    const result = this.commit(json, label, null, 'replace');
    this.history.breakCoalescing();
    return result;
  }

  /** Ends a coalescing run (pointer up, field blur). */
  breakCoalescing(): void {
    this.history.breakCoalescing();
  }

  /** Undoes one step; false when there is none. */
  undo(): boolean {
    const label = this.history.undoLabel ?? '';
    const json = this.history.undo();
    if (json === null) return false;
    this.publish(json, 'undo', label);
    return true;
  }

  /** Redoes one step; false when there is none. */
  redo(): boolean {
    const label = this.history.redoLabel ?? '';
    const json = this.history.redo();
    if (json === null) return false;
    this.publish(json, 'redo', label);
    return true;
  }

  private commit(json: string, label: string, key: string | null, source: ChangeSource): EditResult {
    let normalized: string;
    try {
      normalized = this.normalize(json);
    } catch (e) {
      return { ok: false, error: issueText(e) };
    }
    const changed = this.history.push(normalized, label, key);
    if (changed) this.publish(this.history.current, source, label);
    return { ok: true, changed };
  }

  private publish(json: string, source: ChangeSource, label: string): void {
    this.cached = JSON.parse(json) as Scene;
    const event: ChangeEvent = { doc: this.cached, json, source, label };
    for (const listener of this.listeners) listener(event);
  }
}
