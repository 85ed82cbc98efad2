//! The `Editor` class: one canvas, one scene, its simulation and the renderer.
//!
//! Timing: `frameCpuMs` in `stats()` is the CPU time of the last frame = simulation work since
//! the previous `render()` (`advance`, `setTime`, `setScene`) + the `render()` call itself
//! (sprite and trail building, instance and trail-chain upload, encoding, submit), measured with
//! `performance.now()`. `ribbons` in `stats()` counts the trail ribbons drawn.
//!
//! Context loss: a `webglcontextlost` event (default prevented, so the browser restores the
//! context) pauses drawing; on `webglcontextrestored`, or when WebGPU reports its device lost,
//! the next `render()` re-opens the device on the same canvas and the renderer rebuilds atlas,
//! pipelines and clips from its CPU copies. The scene and time are untouched.

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::rc::Rc;

use sp_render::scene_gizmos::SceneGizmos;
use sp_render::scene_sprites::{add_builtin_images, build_scene_sprites};
use sp_render::{FrameReport, Gpu, Renderer, SpriteBatch, TierPreference, View};
use sp_sim::document::{Scene, default_scene, load_scene};
use sp_sim::sim::{FollowTracks, SceneSim};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use crate::answers::{EditorStats, SystemStats};
use crate::canvas::CanvasTarget;
use crate::clock::now_ms;
use crate::error::{Error, finite};

/// An event listener removed from its canvas when dropped.
struct Listener {
    target: HtmlCanvasElement,
    kind: &'static str,
    closure: Closure<dyn FnMut(web_sys::Event)>,
}

impl Listener {
    /// Adds `f` as the `kind` listener of `target` (removed when the listener is dropped).
    fn new(
        target: &HtmlCanvasElement,
        kind: &'static str,
        f: impl FnMut(web_sys::Event) + 'static,
    ) -> Listener {
        let closure = Closure::<dyn FnMut(web_sys::Event)>::new(f);
        let _ = target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref());
        Listener {
            target: target.clone(),
            kind,
            closure,
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self
            .target
            .remove_event_listener_with_callback(self.kind, self.closure.as_ref().unchecked_ref());
    }
}

struct Inner {
    renderer: Renderer,
    target: CanvasTarget,
    scene: Scene,
    follow: FollowTracks,
    sim: SceneSim,
    batch: SpriteBatch,
    missing: BTreeSet<String>,
    view: View,
    sim_ms_pending: f64,
    last_sim_ms: f64,
    last_render_ms: f64,
    frame_cpu_ms: f64,
    avg_frame_cpu_ms: f64,
    report: FrameReport,
    gl_lost: Rc<Cell<bool>>,
    gl_restored: Rc<Cell<bool>>,
    rebuilding: bool,
    rebuilds: u32,
    rebuild_error: Option<String>,
    gpu_error: Option<String>,
    clip_instances: Vec<sp_render::ClipInstance>,
    clips_drawn: Vec<sp_render::ClipInstance>,
    models: crate::ms3d::Models,
    /// Outlines of the scene's visible colliders and paths, and whether they are drawn.
    gizmos: SceneGizmos,
    show_gizmos: bool,
    _listeners: Vec<Listener>,
}

/// The editor's canvas, scene, simulation and renderer (see the module docs).
#[wasm_bindgen]
pub struct Editor {
    inner: Rc<RefCell<Inner>>,
}

#[wasm_bindgen]
impl Editor {
    /// Opens a renderer on `canvas`: `renderer` is `auto` (WebGPU when the browser gives an
    /// adapter, else WebGL2), `webgpu` or `webgl2` (absent = `auto`). When WebGPU touched the canvas and then
    /// failed, the canvas is replaced in the DOM by a fresh clone (same attributes): use
    /// `editor.canvas()` afterwards. Starts with the default scene at time 0.
    pub async fn create(
        canvas: HtmlCanvasElement,
        renderer: Option<String>,
    ) -> Result<Editor, JsValue> {
        let renderer = renderer.unwrap_or_default();
        let preference = TierPreference::parse(&renderer).ok_or_else(|| Error::Argument {
            name: "renderer",
            reason: format!("`{renderer}` is not one of auto, webgpu, webgl2"),
        })?;
        let mut target = CanvasTarget::new(canvas);
        let mut renderer = Renderer::create(&mut target, preference)
            .await
            .map_err(Error::from)?;
        add_builtin_images(&mut renderer).map_err(Error::from)?;
        let (w, h) = sp_render::RenderTarget::size_px(&target);
        let view = View {
            width_px: w,
            height_px: h,
            ..View::default()
        };
        renderer.set_view(view);
        let scene = default_scene();
        let sim = SceneSim::new(&scene);
        let gl_lost = Rc::new(Cell::new(false));
        let gl_restored = Rc::new(Cell::new(false));
        let canvas = target.canvas();
        let (lost, restored) = (gl_lost.clone(), gl_restored.clone());
        let listeners = vec![
            Listener::new(&canvas, "webglcontextlost", move |e| {
                e.prevent_default();
                lost.set(true);
            }),
            Listener::new(&canvas, "webglcontextrestored", move |_| restored.set(true)),
        ];
        let inner = Inner {
            renderer,
            target,
            scene,
            follow: FollowTracks::new(),
            sim,
            batch: SpriteBatch::default(),
            missing: BTreeSet::new(),
            view,
            sim_ms_pending: 0.0,
            last_sim_ms: 0.0,
            last_render_ms: 0.0,
            frame_cpu_ms: 0.0,
            avg_frame_cpu_ms: 0.0,
            report: FrameReport::default(),
            gl_lost,
            gl_restored,
            rebuilding: false,
            rebuilds: 0,
            rebuild_error: None,
            gpu_error: None,
            clip_instances: Vec::new(),
            clips_drawn: Vec::new(),
            models: crate::ms3d::Models::default(),
            gizmos: SceneGizmos::default(),
            show_gizmos: true,
            _listeners: listeners,
        };
        Ok(Editor {
            inner: Rc::new(RefCell::new(inner)),
        })
    }

    /// `WebGPU` or `WebGL2`.
    #[wasm_bindgen(js_name = rendererTier)]
    pub fn renderer_tier(&self) -> String {
        self.inner.borrow().renderer.tier().name().to_string()
    }

    /// The canvas the editor draws on (a fresh clone may have replaced the one given to `create`).
    pub fn canvas(&self) -> HtmlCanvasElement {
        self.inner.borrow().target.canvas()
    }

    /// Replaces the scene (full document); keeps the current time. Throws on an invalid document
    /// with the field path; the previous scene stays.
    #[wasm_bindgen(js_name = setScene)]
    pub fn set_scene(&self, scene_json: &str) -> Result<(), JsValue> {
        let scene = load_scene(scene_json).map_err(Error::from)?;
        let t0 = now_ms();
        let mut g = self.inner.borrow_mut();
        let time = g.sim.time_secs();
        let mut sim = SceneSim::with_follow(&scene, &g.follow);
        sim.seek(time);
        g.sim = sim;
        g.gizmos = SceneGizmos::from_scene(&scene);
        g.models.set_objects(&scene.models);
        g.scene = scene;
        g.sim_ms_pending += now_ms() - t0;
        Ok(())
    }

    /// Sets the bone tracks that following systems follow (`{ "tracks": [{ "skeleton", "bone",
    /// "sampleFps", "loop", "points" }] }`, scene pixels, y down; empty text: none) and replays
    /// the scene to the current time with them. Throws naming the bad field; the previous
    /// tracks stay in force then.
    #[wasm_bindgen(js_name = setFollowTracks)]
    pub fn set_follow_tracks(&self, tracks_json: &str) -> Result<(), JsValue> {
        let tracks = crate::export::follow_tracks("tracksJson", tracks_json)?;
        let t0 = now_ms();
        let mut g = self.inner.borrow_mut();
        let time = g.sim.time_secs();
        let mut sim = SceneSim::with_follow(&g.scene, &tracks);
        sim.seek(time);
        g.sim = sim;
        g.follow = tracks;
        g.sim_ms_pending += now_ms() - t0;
        Ok(())
    }

    /// Seeks to `timeSecs` (exact).
    #[wasm_bindgen(js_name = setTime)]
    pub fn set_time(&self, time_secs: f64) -> Result<(), JsValue> {
        let t = finite("timeSecs", time_secs, Some(0.0))?;
        let t0 = now_ms();
        let mut g = self.inner.borrow_mut();
        g.sim.seek(t);
        g.models.seeked();
        g.sim_ms_pending += now_ms() - t0;
        Ok(())
    }

    /// Plays `dtSecs` forward (exact for any step).
    pub fn advance(&self, dt_secs: f64) -> Result<(), JsValue> {
        let dt = finite("dtSecs", dt_secs, Some(0.0))?;
        let t0 = now_ms();
        let mut g = self.inner.borrow_mut();
        g.sim.advance(dt);
        g.sim_ms_pending += now_ms() - t0;
        Ok(())
    }

    /// Current scene time in seconds.
    #[wasm_bindgen(js_name = timeSecs)]
    pub fn time_secs(&self) -> f64 {
        self.inner.borrow().sim.time_secs()
    }

    /// Draws the current state. Skips drawing while the GPU context is lost and starts the
    /// rebuild once it can come back.
    pub fn render(&self) -> Result<(), JsValue> {
        let mut g = self.inner.borrow_mut();
        if g.gl_lost.get() && !g.gl_restored.get() {
            return Ok(());
        }
        if g.gl_restored.get() || g.renderer.is_lost() {
            if !g.rebuilding {
                g.rebuilding = true;
                drop(g);
                self.start_rebuild();
            }
            return Ok(());
        }
        let t0 = now_ms();
        let g = &mut *g;
        g.batch.clear();
        g.missing.clear();
        build_scene_sprites(
            &g.sim,
            g.renderer.atlas_layout(),
            &mut g.batch,
            &mut g.missing,
        );
        if g.show_gizmos {
            g.gizmos
                .push_sprites(g.renderer.atlas_layout(), g.view.zoom, &mut g.batch);
        }
        g.clips_drawn.clear();
        g.clips_drawn.extend_from_slice(&g.clip_instances);
        let scene_time = g.sim.time_secs();
        g.clips_drawn.extend_from_slice(g.models.frame(scene_time));
        g.report = g
            .renderer
            .render(&g.batch, &g.clips_drawn)
            .map_err(Error::from)?;
        if let Some(e) = g.renderer.take_gpu_error() {
            web_sys::console::error_1(&format!("GPU error: {e}").into());
            g.gpu_error = Some(e);
        }
        g.last_render_ms = now_ms() - t0;
        g.last_sim_ms = g.sim_ms_pending;
        g.sim_ms_pending = 0.0;
        g.frame_cpu_ms = g.last_sim_ms + g.last_render_ms;
        g.avg_frame_cpu_ms = if g.avg_frame_cpu_ms == 0.0 {
            g.frame_cpu_ms
        } else {
            0.9 * g.avg_frame_cpu_ms + 0.1 * g.frame_cpu_ms
        };
        Ok(())
    }

    /// JSON of [`crate::answers::EditorStats`] (see the module docs for the timing).
    pub fn stats(&self) -> String {
        let g = self.inner.borrow();
        let stats = EditorStats {
            live_particles: g.sim.live_particles(),
            systems: g
                .sim
                .systems()
                .iter()
                .map(|s| SystemStats {
                    live: s.particles().len(),
                    name: s.system().name.clone(),
                })
                .collect(),
            frame_cpu_ms: g.frame_cpu_ms,
            frame_cpu_ms_avg: g.avg_frame_cpu_ms,
            sim_ms: g.last_sim_ms,
            render_ms: g.last_render_ms,
            sprites: g.report.sprites,
            ribbons: g.report.ribbons,
            draw_calls: g.report.draw_calls,
            clip_instances: g.report.clip_instances,
            presented: g.report.presented,
            renderer: g.renderer.tier().name().to_string(),
            fallback_reason: g.renderer.fallback_reason().map(str::to_owned),
            missing_images: g.missing.iter().cloned().collect(),
            context_lost: g.gl_lost.get() || g.rebuilding,
            rebuilds: g.rebuilds,
            rebuild_error: g.rebuild_error.clone(),
            gpu_error: g.gpu_error.clone(),
        };
        serde_json::to_string(&stats).unwrap_or_default()
    }
}

// The view, look and images; the crate-internal accessors and the rebuild (one `impl Editor`
// per file).
mod access;
mod view;
