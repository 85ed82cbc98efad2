//! The `Editor` methods over [`super::Models`]: each JS call maps to one call, through the
//! Editor's crate-internal accessor `with_models`. JSON answers are the typed structs of
//! [`crate::answers`] (`AddedModel`, `ModelClipInfo`, `ModelStats`) and
//! [`super::MarkerEvent`]. The model objects come with the scene (`setScene`).

use wasm_bindgen::prelude::*;

use crate::editor::Editor;

#[wasm_bindgen]
impl Editor {
    /// Parses, bakes and uploads an `.ms3d` model under `key` (the document's `models[].key`;
    /// the same key again replaces it); returns JSON `AddedModel`. Throws naming the section and
    /// byte offset.
    #[wasm_bindgen(js_name = addModel)]
    pub fn add_model(
        &self,
        key: &str,
        name: &str,
        bytes: &[u8],
        options_json: &str,
    ) -> Result<String, JsValue> {
        Ok(self.with_models(|m, r| m.add_model(r, key, name, bytes, options_json))?)
    }

    /// JSON `ModelClipInfo[]` with the file's markers.
    #[wasm_bindgen(js_name = modelClips)]
    pub fn model_clips(&self, key: &str) -> Result<String, JsValue> {
        Ok(self.with_models(|m, _| m.clips_json(key))?)
    }

    /// Forgets the model of `key` and frees its clips; whether it was loaded.
    #[wasm_bindgen(js_name = removeModel)]
    pub fn remove_model(&self, key: &str) -> bool {
        self.with_models(|m, r| m.remove_model(r, key))
    }

    /// Markers crossed since the last call: JSON `MarkerEvent[]`.
    #[wasm_bindgen(js_name = modelEvents)]
    pub fn model_events(&self) -> String {
        self.with_models(|m, _| m.take_events_json())
    }

    /// JSON `ModelStats`.
    #[wasm_bindgen(js_name = modelStats)]
    pub fn model_stats(&self) -> String {
        self.with_models(|m, _| m.stats_json())
    }
}
