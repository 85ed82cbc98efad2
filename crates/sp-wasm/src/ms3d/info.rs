//! `ms3dInfo`: the `spineparticle ms3d info --json` document of a model ([`sp_ms3d::ModelInfo`],
//! the same definition the CLI prints).

use sp_ms3d::{ModelInfo, parse};

use crate::error::Result;

/// `ms3dInfo`: parses `bytes` and returns its [`ModelInfo`] as JSON; the error names the section
/// and byte offset.
pub fn info_json(bytes: &[u8]) -> Result<String> {
    let parsed = parse(bytes)?;
    // Plain structs of numbers and strings: serialising cannot fail.
    Ok(serde_json::to_string(&ModelInfo::of(&parsed)).unwrap_or_default())
}

/// JS: `ms3dInfo(bytes) -> string` (see [`info_json`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = ms3dInfo)]
pub fn ms3d_info(bytes: &[u8]) -> std::result::Result<String, wasm_bindgen::JsValue> {
    Ok(info_json(bytes)?)
}
