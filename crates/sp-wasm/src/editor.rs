//! The `Editor` class: one canvas, one scene, its simulation and the renderer.
//!
//! Timing: `frameCpuMs` in `stats()` is the CPU time of the last frame = simulation work since
//! the previous `render()` (`advance`, `setTime`, `setScene`) + the `render()` call itself
//! (sprite and trail building, instance and ribbon upload, encoding, submit), measured with
//! `performance.now()`. `ribbons` in `stats()` counts the trail ribbons drawn.
//!
//! Context loss: a `webglcontextlost` event (default prevented, so the browser restores the
//! context) pauses drawing; on `webglcontextrestored`, or when WebGPU reports its device lost,
//! the next `render()` re-opens the device on the same canvas and the renderer rebuilds atlas,
//! pipelines and clips from its CPU copies. The scene and time are untouched.

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::rc::Rc;

use sp_render::image::MAX_IMAGE_SIDE_PX;
use sp_render::scene_gizmos::SceneGizmos;
use sp_render::scene_sprites::{add_builtin_images, build_scene_sprites};
use sp_render::{FrameReport, Gpu, Renderer, SpriteBatch, TierPreference, View};
use sp_sim::document::{Rgb, Scene, default_scene, load_scene};
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
        let mut listeners = Vec::new();
        {
            let lost = gl_lost.clone();
            let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
                e.prevent_default();
                lost.set(true);
            });
            let _ = canvas.add_event_listener_with_callback(
                "webglcontextlost",
                closure.as_ref().unchecked_ref(),
            );
            listeners.push(Listener {
                target: canvas.clone(),
                kind: "webglcontextlost",
                closure,
            });
            let restored = gl_restored.clone();
            let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |_e: web_sys::Event| {
                restored.set(true);
            });
            let _ = canvas.add_event_listener_with_callback(
                "webglcontextrestored",
                closure.as_ref().unchecked_ref(),
            );
            listeners.push(Listener {
                target: canvas.clone(),
                kind: "webglcontextrestored",
                closure,
            });
        }
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

    /// Canvas size in CSS pixels and the device pixel ratio; sets the canvas's pixel size.
    pub fn resize(
        &self,
        css_width: f64,
        css_height: f64,
        device_pixel_ratio: f64,
    ) -> Result<(), JsValue> {
        let w = finite("cssWidth", css_width, Some(0.0))?;
        let h = finite("cssHeight", css_height, Some(0.0))?;
        let dpr = finite("devicePixelRatio", device_pixel_ratio, Some(0.1))?.min(8.0);
        let width_px = (w * dpr).round().clamp(1.0, 8192.0) as u32;
        let height_px = (h * dpr).round().clamp(1.0, 8192.0) as u32;
        let mut g = self.inner.borrow_mut();
        let canvas = g.target.canvas();
        if canvas.width() != width_px {
            canvas.set_width(width_px);
        }
        if canvas.height() != height_px {
            canvas.set_height(height_px);
        }
        g.view.width_px = width_px;
        g.view.height_px = height_px;
        g.view.device_pixel_ratio = dpr as f32;
        let view = g.view;
        g.renderer.set_view(view);
        g.view = g.renderer.view();
        Ok(())
    }

    /// The scene point `(panX, panY)` is drawn at the canvas centre, `zoom` CSS pixels per scene
    /// pixel (0.01..100).
    #[wasm_bindgen(js_name = setView)]
    pub fn set_view(&self, pan_x: f64, pan_y: f64, zoom: f64) -> Result<(), JsValue> {
        let x = finite("panX", pan_x, None)?;
        let y = finite("panY", pan_y, None)?;
        let z = finite("zoom", zoom, Some(f64::MIN_POSITIVE))?.clamp(0.01, 100.0);
        let mut g = self.inner.borrow_mut();
        g.view.pan_x = x as f32;
        g.view.pan_y = y as f32;
        g.view.zoom = z as f32;
        let view = g.view;
        g.renderer.set_view(view);
        Ok(())
    }

    /// Shows or hides the outlines of the scene's colliders and paths (on by default; each
    /// object's own eye still hides it).
    #[wasm_bindgen(js_name = setObjectOutlines)]
    pub fn set_object_outlines(&self, on: bool) {
        self.inner.borrow_mut().show_gizmos = on;
    }

    /// Shows or hides the grid.
    #[wasm_bindgen(js_name = setGrid)]
    pub fn set_grid(&self, on: bool) {
        self.inner.borrow_mut().renderer.set_grid(on);
    }

    /// Background colour `#rrggbb` (or `#rgb`).
    #[wasm_bindgen(js_name = setBackground)]
    pub fn set_background(&self, hex: &str) -> Result<(), JsValue> {
        let rgb = Rgb::parse_hex(hex).ok_or_else(|| Error::Argument {
            name: "background",
            reason: format!("`{hex}` is not a #rrggbb colour"),
        })?;
        self.inner
            .borrow_mut()
            .renderer
            .set_background([rgb.r, rgb.g, rgb.b]);
        Ok(())
    }

    /// Adds or replaces the image `path` (straight-alpha RGBA8, `width·height·4` bytes). Throws
    /// for an empty image, a side above 4096 px or a wrong byte length (checked before copying).
    #[wasm_bindgen(js_name = addImage)]
    pub fn add_image(
        &self,
        path: &str,
        width: u32,
        height: u32,
        rgba: &js_sys::Uint8Array,
    ) -> Result<(), JsValue> {
        let sides_ok =
            (1..=MAX_IMAGE_SIDE_PX).contains(&width) && (1..=MAX_IMAGE_SIDE_PX).contains(&height);
        let expected = u64::from(width) * u64::from(height) * 4;
        let actual = u64::from(rgba.length());
        let pixels = if sides_ok && actual == expected {
            rgba.to_vec()
        } else if !sides_ok {
            Vec::new()
        } else {
            return Err(Error::Render(sp_render::Error::BadImage {
                path: path.into(),
                reason: format!(
                    "{actual} bytes of pixel data, expected {expected} (= {width}×{height}×4 RGBA)"
                ),
            })
            .into());
        };
        self.inner
            .borrow_mut()
            .renderer
            .add_image(path, width, height, pixels)
            .map_err(|e| Error::from(e).into())
    }

    /// Forgets the image `path` (particles using it are no longer drawn).
    #[wasm_bindgen(js_name = removeImage)]
    pub fn remove_image(&self, path: &str) {
        self.inner.borrow_mut().renderer.remove_image(path);
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

// The crate-internal accessors and the rebuild (one `impl Editor` per file).
mod access;
