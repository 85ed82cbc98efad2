// What the editor's panels receive: the document context, the engine facade, the selected
// particle system, the textures a system can use and the skeletons it can follow; what the
// scene objects (skeletons, models) need.

import type { DocumentContext } from '../document/context';
import type { Engine } from '../engine/engine';
import type { FollowSkeletons } from '../skeleton/object/follow-live';

/** What a kind of scene object (skeletons, models) needs from the editor. */
export interface SceneObjectsHost extends DocumentContext {
  /** The wasm facade. */
  readonly engine: Engine;
  /** Where the object's panel opens (`#object-panels`). */
  readonly panelBox: HTMLElement;
  /** Scene point at the canvas centre (where a new object is placed). */
  viewCentre(): [number, number];
  /** Redraws the panels (the scene list shows the selection). */
  refreshPanels(): void;
}

/** Services shared by the panels. */
export interface EditorContext extends DocumentContext {
  /** The wasm facade. */
  readonly engine: Engine;
  /** Index of the selected system, or -1. */
  selected(): number;
  /** Selects a system (clamped; -1 for none). */
  select(index: number): void;
  /** Texture references a system can use: built-ins then scene images. */
  textureChoices(): string[];
  /** The loaded skeletons by document name (what a system can follow). */
  followSkeletons(): FollowSkeletons;
}
