//! What the editor's view frames: `effectExtent() -> EffectExtent | undefined`, the box the
//! visible systems' particles cover over the scene's timeline (`sp_sim::sim::extent`: a fresh
//! simulation of the current scene with the followed bones' tracks, bounded work), `undefined`
//! when no system is visible.

use wasm_bindgen::prelude::*;

use crate::answers::EffectExtent;
use crate::editor::Editor;

#[wasm_bindgen]
impl Editor {
    /// The extent of the current scene's effect as JSON `EffectExtent` (see the module docs).
    #[wasm_bindgen(js_name = effectExtent)]
    pub fn effect_extent(&self) -> Option<String> {
        let e = self.read_scene(sp_sim::sim::extent::effect_extent)?;
        let answer = EffectExtent {
            min_x: e.min[0],
            min_y: e.min[1],
            max_x: e.max[0],
            max_y: e.max[1],
        };
        serde_json::to_string(&answer).ok()
    }
}
