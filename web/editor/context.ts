// What panels receive from the app: the store, the engine, the selection and message output.

import type { Engine } from '../engine/engine';
import type { DocumentStore } from '../document/store';
import type { FollowSkeletons } from '../skeleton/object/follow-live';
import type { Scene } from '../document/types';

/** Message severity. */
export type MessageKind = 'info' | 'error';

/** Services shared by the panels. */
export interface AppContext {
  /** The document store (source of truth). */
  readonly store: DocumentStore;
  /** The wasm facade. */
  readonly engine: Engine;
  /** Index of the selected system, or -1. */
  selected(): number;
  /** Selects a system (clamped; -1 for none). */
  select(index: number): void;
  /** Runs a document command; shows the error and returns false when it is refused. */
  edit(label: string, mutate: (draft: Scene) => void, coalesceKey?: string | null): boolean;
  /** Shows a message in the message area (text only). */
  message(kind: MessageKind, text: string): void;
  /** Texture references a system can use: built-ins then scene images. */
  textureChoices(): string[];
  /** The loaded skeletons by document name (what a system can follow). */
  followSkeletons(): FollowSkeletons;
}
