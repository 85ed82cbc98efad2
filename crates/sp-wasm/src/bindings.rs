//! JS wrappers of the pure functions, and module start-up.

use wasm_bindgen::prelude::*;

use crate::pure;

/// Runs when the module is instantiated: panics are printed to the console with their message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// `load_scene` + `save_scene`; throws an `Error` naming the field path.
#[wasm_bindgen(js_name = normalizeScene)]
pub fn normalize_scene(json: &str) -> Result<String, JsValue> {
    Ok(pure::normalize_scene(json)?)
}

/// The default scene document (pretty JSON).
#[wasm_bindgen(js_name = defaultScene)]
pub fn default_scene() -> String {
    pure::default_scene_json()
}

/// JSON `[{name, path, width, height}]` of the built-in textures.
#[wasm_bindgen(js_name = builtinTextures)]
pub fn builtin_textures() -> String {
    pure::builtin_textures_json()
}

/// JSON `{ colliders: [{name, visible, points, lengthPx}], paths: [...] }`: the outlines of the
/// scene's colliders and the curves of its paths in scene pixels, as the simulation sees them.
#[wasm_bindgen(js_name = objectOutlines)]
pub fn object_outlines(scene_json: &str) -> Result<String, JsValue> {
    Ok(pure::object_outlines(scene_json)?)
}

/// JSON `{kind, index, part, point?, segment?, t?, distancePx}` of the visible collider or path
/// part within `radiusPx` (scene pixels) of the scene point `(x, y)`, or `null`
/// (`object_hit.rs`: handles, then points and centres, then lines).
#[wasm_bindgen(js_name = hitObject)]
pub fn hit_object(scene_json: &str, x: f64, y: f64, radius_px: f64) -> Result<String, JsValue> {
    Ok(crate::object_hit::hit_object_json(
        scene_json, x, y, radius_px,
    )?)
}

/// Straight-alpha RGBA8 pixels (rows top to bottom) of the built-in texture `name` (with or
/// without the `builtin:` prefix), or `undefined` for an unknown name: the compare view packs
/// them into the atlas it gives the official Spine renderer.
#[wasm_bindgen(js_name = builtinTexturePixels)]
pub fn builtin_texture_pixels(name: &str) -> Option<Vec<u8>> {
    sp_sim::textures::builtin(name).map(|t| t.rgba)
}

/// 16 hex digits: FNV-1a 64 of every frame `i/fps` up to `timeSecs` (= `simulate --hash`).
#[wasm_bindgen(js_name = simHash)]
pub fn sim_hash(scene_json: &str, time_secs: f64, fps: f64) -> Result<String, JsValue> {
    Ok(pure::sim_hash(scene_json, time_secs, fps)?)
}

/// The scene position `[x, y]` of a bone track (`points` flat `[x0, y0, x1, y1, …]`, sampled
/// `sampleFps` times per scene second) at `timeSecs`: the core's `BoneTrack::position_at`, which
/// the preview and the exporter evaluate too. Throws for a rate that is not positive or an odd
/// number of coordinates.
#[wasm_bindgen(js_name = boneTrackPositionAt)]
pub fn bone_track_position_at(
    points: &[f32],
    sample_fps: f64,
    looping: bool,
    time_secs: f64,
) -> Result<Vec<f32>, JsValue> {
    Ok(pure::bone_track_position_at(points, sample_fps, looping, time_secs)?.to_vec())
}

/// FNV-1a 64 of byte strings, each preceded by its length, as 16 hex digits
/// (`sp_sim::sim::content_hash`): the content key of stored file sets. The parts are read in
/// 1 MiB chunks, so a large file is not copied whole into the module's memory.
#[wasm_bindgen(js_name = contentHash)]
pub fn content_hash(parts: Vec<js_sys::Uint8Array>) -> String {
    const CHUNK: u32 = 1 << 20;
    let mut h = sp_sim::sim::Fnv64::default();
    let mut buf = vec![0u8; CHUNK as usize];
    for part in &parts {
        let len = part.length();
        h.write_part_len(u64::from(len));
        let mut at = 0;
        while at < len {
            let n = CHUNK.min(len - at);
            let piece = &mut buf[..n as usize];
            part.subarray(at, at + n).copy_to(piece);
            h.write(piece);
            at += n;
        }
    }
    h.hex()
}

/// Nanoseconds per particle-step for a steady population of `liveParticles`, over `steps` steps;
/// with `forces` true (turbulence + vortex + attractor), nanoseconds per particle per grid step
/// of the integrated motion (4 grid steps per 1/60 s frame).
#[wasm_bindgen(js_name = benchSim)]
pub fn bench_sim(live_particles: u32, steps: u32, forces: Option<bool>) -> Result<f64, JsValue> {
    Ok(pure::bench_sim(
        live_particles,
        steps,
        forces.unwrap_or(false),
        crate::clock::now_ms,
    )?)
}

/// `n` values (at most 4096) of the curve `curveJson` (`CurveKey[]`) at normalised lives
/// `i/(n − 1)`: the simulation's own evaluation, for the curve editor to draw.
#[wasm_bindgen(js_name = sampleCurve)]
pub fn sample_curve(curve_json: &str, n: u32) -> Result<Vec<f32>, JsValue> {
    Ok(pure::sample_curve(curve_json, n)?)
}

/// JSON `FieldSchema`: every editable field of the document with its kind, unit, limits,
/// default and step (the same table validation reads).
#[wasm_bindgen(js_name = fieldSchema)]
pub fn field_schema() -> String {
    pure::field_schema_json()
}

/// JSON `{ code: [param names…] }` of every error and warning code the module can report.
#[wasm_bindgen(js_name = errorCodes)]
pub fn error_codes() -> String {
    pure::error_codes_json()
}
