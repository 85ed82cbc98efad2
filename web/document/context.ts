// What a panel needs to edit the document: the store, a command that reports its refusal, and
// the message area.

import type { ShowMessage } from '../ui/messages';
import type { DocumentStore } from './store';
import type { Scene } from './types';

/** The document as panels edit it. */
export interface DocumentContext {
  /** The document store (source of truth). */
  readonly store: DocumentStore;
  /** Runs a document command; shows the error and returns false when it is refused. */
  edit(label: string, mutate: (draft: Scene) => void, coalesceKey?: string | null): boolean;
  /** Shows a message in the message area (text only). */
  readonly message: ShowMessage;
}
