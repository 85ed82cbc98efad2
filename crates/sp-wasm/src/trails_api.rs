//! Trails at the boundary (issue 12): `trailChains(system) -> Float32Array`, the chain nodes of
//! every visible trailed particle of scene system `system` now (`crate::pure::trail_chains`:
//! `[N, x₀, y₀, …]`, scene pixels, y down, head first; empty without an active trail or for an
//! index past the last system), for a gizmo drawn over the ribbons. The ribbons themselves are
//! drawn by `render()`; `stats().ribbons` counts them.

use wasm_bindgen::prelude::*;

use crate::editor::Editor;

#[wasm_bindgen]
impl Editor {
    /// The chain nodes of system `system`'s trails now (see the module docs).
    #[wasm_bindgen(js_name = trailChains)]
    pub fn trail_chains(&self, system: u32) -> Vec<f32> {
        self.read_sim(|sim| {
            sim.systems()
                .get(system as usize)
                .map(crate::pure::trail_chains)
                .unwrap_or_default()
        })
    }
}
