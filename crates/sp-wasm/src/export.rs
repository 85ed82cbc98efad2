//! Spine export at the boundary: `exportSpine(sceneJson, imagesJson, followJson?)` (a JS object
//! `{ json, report }`: the skeleton's text and the report, apart, so the page parses the
//! skeleton once and never unescapes it out of a second JSON text) and
//! `estimateSpine(sceneJson) -> string` (JSON estimate for the budget panel), over the same
//! entry as the CLI (`sp_spine::export_scene`), so the bytes are identical natively and in the
//! browser. Errors are [`crate::Error`]s (thrown as JS errors with code, params and message;
//! JSON path included).

use sp_spine::{ExportReport, ImageSizes};

use crate::error::{Error, Result};
use ts_rs::TS;

/// What `exportSpine` returns: a JS object with these two fields (its TypeScript type is
/// generated from this one; the report crosses as JSON and is parsed by `JSON.parse` in the
/// boundary, the skeleton crosses as a string).
#[derive(Debug, TS)]
pub struct ExportResult {
    /// The Spine 4.2 skeleton JSON text (`SpineParticle.json`).
    pub json: String,
    /// Counts, sizes and warnings of the export.
    pub report: ExportReport,
}

/// Parses `imagesJson`: `{ "path": [width, height], … }`; empty text means none.
fn image_sizes(images_json: &str) -> Result<ImageSizes> {
    if images_json.trim().is_empty() {
        return Ok(ImageSizes::default());
    }
    serde_json::from_str(images_json).map_err(|e| Error::Input {
        name: "imagesJson",
        message: e.to_string(),
    })
}

/// Parses bone tracks of following systems (see `sp_sim::sim::follow`) given as the JS
/// argument `name`; empty text means none.
pub fn follow_tracks(name: &'static str, json: &str) -> Result<sp_sim::sim::FollowTracks> {
    sp_sim::sim::FollowTracks::from_json(json).map_err(|source| Error::Tracks { name, source })
}

/// Exports a scene document with the bone tracks `follow_json` (empty: none); `now_ms` (a clock
/// supplied by the caller) fills `report.bakeMs`.
pub fn export_spine(
    scene_json: &str,
    images_json: &str,
    follow_json: &str,
    now_ms: Option<&dyn Fn() -> f64>,
) -> Result<ExportResult> {
    export_spine_with_progress(scene_json, images_json, follow_json, now_ms, &mut |_| true)
}

/// [`export_spine`] reporting progress; `on_progress` returning `false` cancels.
pub fn export_spine_with_progress(
    scene_json: &str,
    images_json: &str,
    follow_json: &str,
    now_ms: Option<&dyn Fn() -> f64>,
    on_progress: &mut dyn FnMut(sp_spine::Progress) -> bool,
) -> Result<ExportResult> {
    let started = now_ms.map(|f| f());
    let scene = sp_sim::document::load_scene(scene_json)?;
    let images = image_sizes(images_json)?;
    let follow = follow_tracks("followJson", follow_json)?;
    let mut out = sp_spine::export_scene_with(
        &scene,
        &images,
        &follow,
        sp_spine::ExportOptions::default(),
        on_progress,
    )?;
    if let (Some(f), Some(t0)) = (now_ms, started) {
        out.report.bake_ms = Some(f() - t0);
    }
    Ok(ExportResult {
        json: out.json,
        report: out.report,
    })
}

/// Estimated bones, keys and bytes of exporting a scene (pool on and off).
pub fn estimate_spine(scene_json: &str) -> Result<String> {
    let scene = sp_sim::document::load_scene(scene_json)?;
    let estimate = sp_spine::estimate_scene(&scene)?;
    serde_json::to_string(&estimate).map_err(|e| Error::Spine(e.into()))
}

#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::prelude::*;

    use crate::error::Error;

    /// `ExportResult` for the declarations wasm-bindgen writes (`web/pkg/sp_wasm.d.ts`), from the
    /// contract generated from the Rust type.
    #[wasm_bindgen(typescript_custom_section)]
    const EXPORT_RESULT_TYPE: &str = "import type { ExportResult } from '../generated/contract';";

    /// The JS object `{ json, report }` of an export: the skeleton as a string, the report parsed
    /// from its JSON by the JavaScript engine's `JSON.parse`.
    fn to_js(out: super::ExportResult) -> Result<JsValue, JsValue> {
        let report = serde_json::to_string(&out.report).map_err(|e| Error::Spine(e.into()))?;
        let result = js_sys::Object::new();
        js_sys::Reflect::set(&result, &"json".into(), &JsValue::from_str(&out.json))?;
        js_sys::Reflect::set(&result, &"report".into(), &js_sys::JSON::parse(&report)?)?;
        Ok(result.into())
    }

    /// `exportSpine(sceneJson, imagesJson, followJson?)`: `{ json, report }`; throws with the
    /// JSON path of anything invalid.
    #[wasm_bindgen(js_name = exportSpine, unchecked_return_type = "ExportResult")]
    pub fn export_spine(
        scene_json: &str,
        images_json: &str,
        follow_json: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let clock = crate::clock::now_ms;
        let follow = follow_json.unwrap_or_default();
        to_js(super::export_spine(
            scene_json,
            images_json,
            &follow,
            Some(&clock),
        )?)
    }

    /// `exportSpineWithProgress(sceneJson, imagesJson, onProgress, followJson?)`: as `exportSpine`, calling
    /// `onProgress(stage, done, total)` between stages (`bake`, `reduce`, `validate`, `serialise`); a return
    /// value of `false` cancels with the error "export cancelled".
    #[wasm_bindgen(js_name = exportSpineWithProgress, unchecked_return_type = "ExportResult")]
    pub fn export_spine_with_progress(
        scene_json: &str,
        images_json: &str,
        on_progress: &js_sys::Function,
        follow_json: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let clock = crate::clock::now_ms;
        let follow = follow_json.unwrap_or_default();
        let mut progress = |p: sp_spine::Progress| {
            on_progress
                .call3(
                    &JsValue::NULL,
                    &JsValue::from_str(p.stage),
                    &JsValue::from(p.done),
                    &JsValue::from(p.total),
                )
                .map(|v| v.as_bool() != Some(false))
                .unwrap_or(true)
        };
        to_js(super::export_spine_with_progress(
            scene_json,
            images_json,
            &follow,
            Some(&clock),
            &mut progress,
        )?)
    }

    /// `estimateSpine(sceneJson)`: JSON `{ bonesPoolOn, bonesPoolOff, particleFrames,
    /// unreducedKeys, bytesPoolOn, bytesPoolOff, collisionEvents, impactKeys, pathRootKeys }`
    /// (`sp_spine::Estimate`: the last three are the impacts and pause ends between baked
    /// frames, the keys forced around them, and the system-bone keys of emitters on a path).
    #[wasm_bindgen(js_name = estimateSpine)]
    pub fn estimate_spine(scene_json: &str) -> Result<String, JsValue> {
        Ok(super::estimate_spine(scene_json)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exports_the_default_scene_and_reports_errors() {
        let scene = sp_sim::document::save_scene(&sp_sim::document::default_scene());
        let out = export_spine(&scene, "", "", None).expect("export");
        assert!(out.json.contains("\"spine\":\"4.2.22\""));
        assert!(out.report.bones >= 2);
        assert!(export_spine("{", "", "", None).is_err());
        let bad = export_spine(&scene, "[1]", "", None).expect_err("bad images");
        assert!(bad.to_string().starts_with("imagesJson"), "{bad}");
        assert_eq!(bad.code(), "wasm.input");
        assert!(
            estimate_spine(&scene)
                .expect("estimate")
                .contains("bonesPoolOn")
        );
        let mut stages = Vec::new();
        let cancelled = export_spine_with_progress(&scene, "", "", None, &mut |p| {
            stages.push(p.stage);
            p.stage != "reduce"
        });
        let cancelled = cancelled.expect_err("cancelled");
        assert_eq!(cancelled.to_string(), "export cancelled");
        assert_eq!(cancelled.code(), "spine.cancelled");
        assert_eq!(stages.first(), Some(&"bake"));
    }
}
