// The test seam: the one way the end-to-end tests and the benchmark runners reach inside the
// editor, where no user action can (read the document, set it up in one step, seek to an exact
// time, place the view, call the engine facade, force a wasm crash, read what the compare view
// drew). It exists only in the test build (tests/site/, `dist-test/`), never in `dist/`: the
// product page publishes nothing. Tests drive everything else through the UI as a user does.
//
// In a page of the test build, once `body[data-ready=true]` is set: `window.spineParticleTest`.

import type { Scene } from '../../web/document/types';
import type { Engine } from '../../web/engine/engine';
import type { PosedRegion } from '../../web/export/compare/pose';
import type { EditorParts } from '../../web/main';

/** What tests may do inside the editor. */
export interface TestSeam {
  /** The current normalised scene JSON. */
  sceneJson(): string;
  /** The current document (parsed; treat as read-only). */
  doc(): Scene;
  /** Runs a document command (validated by Rust, one undo step); false when refused. */
  edit(label: string, mutate: (draft: Scene) => void): boolean;
  /** Normalises `json` through the engine and replaces the document (one undo step); false when refused. */
  replaceScene(json: string, label: string): boolean;
  /** Seeks the timeline to `timeSecs`. */
  seek(timeSecs: number): void;
  /** Plays `dtSecs` on the timeline's clock, as playback does over displayed frames. */
  step(dtSecs: number): void;
  /** The view: scene point at the canvas centre, and zoom. */
  view(): { pan: [number, number]; zoom: number };
  /** Places the view (as a pan and a zoom by hand would). */
  setView(pan: [number, number], zoom: number): void;
  /** The engine facade (export, normalise, bone tracks, statistics, images, vertex clips). */
  readonly engine: Engine;
  /** Makes the next Editor call trap like a Rust panic, waits for the recovery; resolves with the crashes recovered so far. */
  crash(): Promise<number>;
  /** The regions the compare view drew last (scene pixels). */
  compareRegions(): PosedRegion[];
}

/** The page global of the test build. */
export interface SeamWindow {
  spineParticleTest: TestSeam;
}

/** The seam over a started editor; `armTrap` makes the next Editor call trap. */
export function testSeam(parts: EditorParts, armTrap: () => Promise<void>): TestSeam {
  const { store, engine, player, viewport, exporter } = parts;
  return {
    sceneJson: () => store.json,
    doc: () => store.doc,
    edit: (label, mutate) => store.edit(label, mutate).ok,
    replaceScene: (json, label) => store.replace(engine.normalizeScene(json), label).ok,
    seek: (timeSecs) => player.seek(timeSecs),
    step: (dtSecs) => player.step(dtSecs),
    view: () => ({ pan: [viewport.pan[0], viewport.pan[1]], zoom: viewport.zoom }),
    setView: (pan, zoom) => {
      viewport.pan = [pan[0], pan[1]];
      viewport.zoom = zoom;
      viewport.apply();
    },
    engine,
    crash: async () => {
      await armTrap();
      await engine.settled();
      return engine.crashes;
    },
    compareRegions: () => exporter.compare.lastRegions,
  };
}
