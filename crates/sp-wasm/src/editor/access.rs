//! The `Editor`'s crate-internal accessors (for the binding modules `clips_api.rs`, `trails_api.rs` and
//! `ms3d/editor_api.rs`) and the device rebuild after a lost context.

use super::*;

impl Editor {
    /// Runs `f` on the renderer (binding modules add clips and images through it).
    pub(crate) fn with_renderer<R>(&self, f: impl FnOnce(&mut Renderer) -> R) -> R {
        f(&mut self.inner.borrow_mut().renderer)
    }

    /// Runs `f` on the scene and the followed bones' tracks (read-only).
    pub(crate) fn read_scene<R>(&self, f: impl FnOnce(&Scene, &FollowTracks) -> R) -> R {
        let g = self.inner.borrow();
        f(&g.scene, &g.follow)
    }

    /// Runs `f` on the scene simulation (read-only).
    pub(crate) fn read_sim<R>(&self, f: impl FnOnce(&SceneSim) -> R) -> R {
        f(&self.inner.borrow().sim)
    }

    /// Runs `f` on the scene simulation; its time counts as simulation work of the next frame.
    pub(crate) fn with_sim<R>(&self, f: impl FnOnce(&mut SceneSim) -> R) -> R {
        let t0 = now_ms();
        let mut g = self.inner.borrow_mut();
        let out = f(&mut g.sim);
        g.sim_ms_pending += now_ms() - t0;
        out
    }

    /// Runs `f` on the models and the renderer (`ms3d/editor_api.rs`).
    pub(crate) fn with_models<R>(
        &self,
        f: impl FnOnce(&mut crate::ms3d::Models, &mut Renderer) -> R,
    ) -> R {
        let g = &mut *self.inner.borrow_mut();
        f(&mut g.models, &mut g.renderer)
    }

    /// Replaces the clip instances drawn by every following `render()`.
    pub(crate) fn set_clip_instance_list(&self, instances: Vec<sp_render::ClipInstance>) {
        self.inner.borrow_mut().clip_instances = instances;
    }

    /// Re-opens the device on the same canvas without holding the state across the `await`.
    pub(super) fn start_rebuild(&self) {
        let rc = self.inner.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let (mut target, preference, forget_old) = {
                let g = rc.borrow();
                (
                    g.target.clone(),
                    g.renderer.same_tier_preference(),
                    g.gl_lost.get(),
                )
            };
            let opened = Gpu::open(&mut target, preference).await;
            let mut g = rc.borrow_mut();
            g.rebuilding = false;
            match opened {
                Ok(gpu) => {
                    g.renderer.adopt_gpu(gpu, forget_old);
                    g.gl_lost.set(false);
                    g.gl_restored.set(false);
                    g.rebuilds += 1;
                    g.rebuild_error = None;
                }
                Err(e) => g.rebuild_error = Some(e.to_string()),
            }
        });
    }
}
