// The life of the wasm module and its Editor, for the facade (engine.ts): loading, attaching the
// Editor to a canvas, and every call into them. A call that traps (a Rust panic surfaces as a
// `WebAssembly.RuntimeError`) starts the recovery: a fresh module instance (the loader's next
// generation), a fresh Editor on a fresh canvas, the journal replayed onto it, the rebuild hooks
// called, the crash listeners told. While it runs there is no Editor; a second trap during the
// replay comes back without the scene.

import { crashText, EngineCrash, isWasmTrap } from './crash';
import type { EditorJournal } from './journal';
import type { RendererRequest, WasmEditor, WasmLoader, WasmModule } from './wasm-api';

/**
 * Called with each fresh Editor after a crash, once the journal is replayed and before the page
 * uses it. `restored` is false when the Editor came back empty (the scene itself, or a hook,
 * trapped again): state that could not be restored should then be forgotten. A trap thrown by
 * a hook makes the recovery start again without the scene.
 */
export type RebuildHook = (editor: WasmEditor, restored: boolean) => void;

/** The module, its Editor and their recovery (see the file comment). */
export class EditorLifecycle {
  private module: WasmModule;
  private generation = 0;
  private editor: WasmEditor | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private rendererRequest: RendererRequest = 'auto';
  private replaceCanvas: ((old: HTMLCanvasElement) => HTMLCanvasElement) | null = null;
  private recovering: Promise<void> | null = null;
  private readonly crashListeners = new Set<(message: string, recovered: boolean) => void>();
  private readonly rebuildHooks = new Set<RebuildHook>();
  /** Number of crashes recovered so far. */
  crashes = 0;

  constructor(
    module: WasmModule,
    private readonly loader: WasmLoader,
    private readonly journal: EditorJournal,
  ) {
    this.module = module;
  }

  /** The canvas the Editor draws on (changes after a crash). */
  get currentCanvas(): HTMLCanvasElement | null {
    return this.canvas;
  }

  /** The loaded module (for feature checks; calls go through {@link call}). */
  get loaded(): WasmModule {
    return this.module;
  }

  /** Creates the Editor on `canvas` (see `Engine.attach`). */
  async attach(canvas: HTMLCanvasElement, renderer: RendererRequest, replaceCanvas: (old: HTMLCanvasElement) => HTMLCanvasElement): Promise<void> {
    this.canvas = canvas;
    this.rendererRequest = renderer;
    this.replaceCanvas = replaceCanvas;
    this.editor = await this.module.Editor.create(canvas, renderer);
    this.canvas = this.editor.canvas?.() ?? canvas;
  }

  /** Called after every crash with its message, and whether the Editor came back. */
  onCrash(listener: (message: string, recovered: boolean) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }

  /** Registers a {@link RebuildHook}; returns its removal. */
  onRebuild(hook: RebuildHook): () => void {
    this.rebuildHooks.add(hook);
    return () => this.rebuildHooks.delete(hook);
  }

  /** Resolves when no recovery is in progress. */
  async settled(): Promise<void> {
    while (this.recovering !== null) await this.recovering;
  }

  /** Calls the module; throws EngineCrash while recovering (or after starting a recovery). */
  call<T>(f: (m: WasmModule) => T): T {
    if (this.recovering !== null) throw new EngineCrash('the engine is restarting after a crash');
    try {
      return f(this.module);
    } catch (e) {
      if (isWasmTrap(e)) {
        this.startRecovery(e);
        throw new EngineCrash(crashText(e));
      }
      throw e;
    }
  }

  /**
   * Calls the module for an answer needed every displayed frame; `fallback` while recovering
   * (and when this call traps, which starts the recovery), so the frame goes on.
   */
  callOr<T>(f: (m: WasmModule) => T, fallback: T): T {
    if (this.recovering !== null) return fallback;
    try {
      return f(this.module);
    } catch (e) {
      if (isWasmTrap(e)) {
        this.startRecovery(e);
        return fallback;
      }
      throw e;
    }
  }

  /** Calls the Editor; throws EngineCrash when there is none (or after starting a recovery). */
  required<T>(f: (e: WasmEditor) => T): T {
    const editor = this.editor;
    if (editor === null || this.recovering !== null) throw new EngineCrash('the editor is not running');
    try {
      return f(editor);
    } catch (e) {
      if (isWasmTrap(e)) {
        this.startRecovery(e);
        throw new EngineCrash(crashText(e));
      }
      throw e;
    }
  }

  /** Calls the Editor; `fallback` while there is none. Non-trap errors propagate only if `rethrow`. */
  optional<T>(f: (e: WasmEditor) => T, fallback: T, rethrow = false): T {
    const editor = this.editor;
    if (editor === null || this.recovering !== null) return fallback;
    try {
      return f(editor);
    } catch (e) {
      if (isWasmTrap(e)) {
        this.startRecovery(e);
        if (rethrow) throw new EngineCrash(crashText(e));
        return fallback;
      }
      if (rethrow) throw e;
      return fallback;
    }
  }

  private startRecovery(cause: unknown): void {
    if (this.recovering !== null) return;
    const message = crashText(cause);
    this.crashes += 1;
    // The dead Editor's memory belongs to the dead instance: never touch it again.
    this.editor = null;
    this.recovering = this.recover()
      .then(
        () => this.notify(message, true),
        (e: unknown) => this.notify(`${message}; restart failed: ${crashText(e)}`, false),
      )
      .finally(() => {
        this.recovering = null;
      });
  }

  private async recover(): Promise<void> {
    try {
      await this.rebuild(true);
    } catch (e) {
      if (!isWasmTrap(e)) throw e;
      // The scene (or a model) itself brings the module down: come back with an empty Editor.
      this.journal.sceneJson = null;
      await this.rebuild(false);
    }
  }

  private async rebuild(withScene: boolean): Promise<void> {
    this.generation += 1;
    this.module = await this.loader(this.generation);
    if (this.canvas === null || this.replaceCanvas === null) return;
    this.canvas = this.replaceCanvas(this.canvas);
    const editor = await this.module.Editor.create(this.canvas, this.rendererRequest);
    this.canvas = editor.canvas?.() ?? this.canvas;
    this.journal.replay(editor, withScene);
    for (const hook of this.rebuildHooks) hook(editor, withScene);
    this.editor = editor;
  }

  private notify(message: string, recovered: boolean): void {
    for (const listener of this.crashListeners) listener(message, recovered);
  }
}
