//! The `Editor` methods over [`super::Models`]: each JS call maps to one `Models` call, through
//! the Editor's crate-internal accessor `with_models`. JSON answers are the typed structs of
//! [`crate::answers`] (`AddedModel`, `ModelClipInfo`, `ModelInstanceInfo`, `ModelStats`) and
//! [`super::MarkerEvent`].

use wasm_bindgen::prelude::*;

use super::InstanceState;
use crate::editor::Editor;

#[wasm_bindgen]
impl Editor {
    /// Parses, bakes and uploads an `.ms3d` model; returns JSON `AddedModel`. Throws naming
    /// the section and byte offset.
    #[wasm_bindgen(js_name = addModel)]
    pub fn add_model(
        &self,
        name: &str,
        bytes: &[u8],
        options_json: &str,
    ) -> Result<String, JsValue> {
        Ok(self.with_models(|m, r| m.add_model(r, name, bytes, options_json))?)
    }

    /// JSON `ModelClipInfo[]` with markers.
    #[wasm_bindgen(js_name = modelClips)]
    pub fn model_clips(&self, model_id: u32) -> Result<String, JsValue> {
        Ok(self.with_models(|m, _| m.clips_json(model_id))?)
    }

    /// Removes a model, its clips and instances.
    #[wasm_bindgen(js_name = removeModel)]
    pub fn remove_model(&self, model_id: u32) -> Result<(), JsValue> {
        Ok(self.with_models(|m, r| m.remove_model(r, model_id))?)
    }

    /// Adds an instance of clip `clip` (index) of a model, playing; returns its id.
    #[wasm_bindgen(js_name = addModelInstance)]
    #[allow(clippy::too_many_arguments)]
    pub fn add_model_instance(
        &self,
        model_id: u32,
        clip: u32,
        x: f32,
        y: f32,
        rotation_deg: f32,
        scale: f32,
        speed: f32,
        looping: bool,
    ) -> Result<u32, JsValue> {
        let state = InstanceState {
            model: model_id,
            clip,
            x,
            y,
            rotation_deg,
            scale,
            speed,
            looping,
            playing: true,
        };
        Ok(self.with_models(|m, _| m.add_instance(state))?)
    }

    /// Changes an instance (another model or clip restarts it).
    #[wasm_bindgen(js_name = setModelInstance)]
    #[allow(clippy::too_many_arguments)]
    pub fn set_model_instance(
        &self,
        instance_id: u32,
        model_id: u32,
        clip: u32,
        x: f32,
        y: f32,
        rotation_deg: f32,
        scale: f32,
        speed: f32,
        looping: bool,
        playing: bool,
    ) -> Result<(), JsValue> {
        let state = InstanceState {
            model: model_id,
            clip,
            x,
            y,
            rotation_deg,
            scale,
            speed,
            looping,
            playing,
        };
        Ok(self.with_models(|m, _| m.set_instance(instance_id, state))?)
    }

    /// Removes an instance; returns whether it existed.
    #[wasm_bindgen(js_name = removeModelInstance)]
    pub fn remove_model_instance(&self, instance_id: u32) -> bool {
        self.with_models(|m, _| m.remove_instance(instance_id))
    }

    /// JSON `ModelInstanceInfo[]`.
    #[wasm_bindgen(js_name = modelInstances)]
    pub fn model_instances(&self) -> String {
        self.with_models(|m, _| m.instances_json())
    }

    /// Places a named marker on a (1-based) frame of a clip.
    #[wasm_bindgen(js_name = addMarker)]
    pub fn add_marker(
        &self,
        model_id: u32,
        clip: u32,
        name: &str,
        frame: f64,
    ) -> Result<(), JsValue> {
        Ok(self.with_models(|m, _| m.add_marker(model_id, clip, name, frame))?)
    }

    /// Removes marker `index` of a clip.
    #[wasm_bindgen(js_name = removeMarker)]
    pub fn remove_marker(&self, model_id: u32, clip: u32, index: u32) -> Result<(), JsValue> {
        Ok(self.with_models(|m, _| m.remove_marker(model_id, clip, index))?)
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
