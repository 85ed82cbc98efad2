//! Loading and saving the document.
//!
//! Loading: size cap ([`MAX_DOCUMENT_BYTES`]) → JSON syntax → version (absent = 0, the legacy
//! shape; newer than [`DOCUMENT_VERSION`] is refused) → migration ([`super::migrate`]) → typing
//! with defaults for missing fields (unknown fields are ignored, a field given twice is refused;
//! type errors name the JSON path, found from the error's position: [`super::json_path`])
//! → normalisation (curve and gradient keys sorted by `t`, stably) → validation
//! ([`super::validate`]) → the size of the document as saved is within the cap too, so every
//! document that loads can be saved and loaded again. Saving writes pretty JSON of every field.

use serde_json::Value;

use super::json_path;
use super::migrate;
use super::scene::{DOCUMENT_VERSION, Scene};
use super::validate;
use crate::error::FieldIssue;
use crate::{Error, Result};

/// Largest document the loader accepts: 1 MiB (documents arrive from URLs and drops).
pub const MAX_DOCUMENT_BYTES: usize = 1 << 20;

/// Loads a scene document of any known version (see the module doc).
pub fn load_scene(json: &str) -> Result<Scene> {
    if json.len() > MAX_DOCUMENT_BYTES {
        return Err(Error::TooLarge {
            size_bytes: json.len(),
            limit_bytes: MAX_DOCUMENT_BYTES,
        });
    }
    let mut value: Value = serde_json::from_str(json).map_err(|e| Error::Json {
        line: e.line(),
        column: e.column(),
        message: strip_position(&e),
    })?;
    let Value::Object(root) = &mut value else {
        return Err(field(
            "(document)",
            "the document must be a JSON object".into(),
        ));
    };
    let version = match root.get("version") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_u64()
            .ok_or_else(|| field("version", format!("{v} is not a version number")))?,
    };
    if version > u64::from(DOCUMENT_VERSION) {
        return Err(Error::NewerVersion {
            found: version,
            supported: DOCUMENT_VERSION,
        });
    }
    // Typed from the text (the document's own, or the migrated one written out), so a typing
    // error's position names its field ([`json_path`]).
    let migrated;
    let text = if version == 0 {
        migrate::v0_to_v1(root);
        migrated = serde_json::to_string(&value).unwrap_or_default();
        migrated.as_str()
    } else {
        json
    };
    let mut scene: Scene = serde_json::from_str(text).map_err(|e| {
        let path = json_path::error_path(text, &e);
        let path = if path.is_empty() {
            "(document)"
        } else {
            path.as_str()
        };
        field(path, strip_position(&e))
    })?;
    normalize(&mut scene);
    validate::scene(&scene)?;
    let saved_bytes = saved_len(&scene);
    if saved_bytes > MAX_DOCUMENT_BYTES {
        return Err(Error::NormalizedTooLarge {
            size_bytes: saved_bytes,
            limit_bytes: MAX_DOCUMENT_BYTES,
        });
    }
    Ok(scene)
}

/// Length in bytes of [`save_scene`]'s output, counted without building the text.
fn saved_len(scene: &Scene) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    write_pretty(&mut count, scene);
    count.0
}

/// The document as pretty JSON (two-space indent), every field written.
pub fn save_scene(scene: &Scene) -> String {
    let mut bytes = Vec::new();
    write_pretty(&mut bytes, scene);
    // serde_json writes UTF-8 only.
    String::from_utf8(bytes).unwrap_or_default()
}

/// Writes the pretty JSON of `scene` to `out`, for [`save_scene`] and [`saved_len`] both. The
/// writer is a `dyn Write` so that the serialisation of the whole document exists once in the
/// WebAssembly module instead of once per writer type. Serialising these types cannot fail
/// (every map key is a string) and neither writer fails.
fn write_pretty(out: &mut dyn std::io::Write, scene: &Scene) {
    let _ = serde_json::to_writer_pretty(out, scene);
}

/// Sorts curve and gradient keys by `t` (stable, so equal times keep their order).
fn normalize(scene: &mut Scene) {
    for s in &mut scene.systems {
        s.scale_curve.keys.sort_by(|a, b| a.t.total_cmp(&b.t));
        s.alpha_curve.keys.sort_by(|a, b| a.t.total_cmp(&b.t));
        s.color_gradient.keys.sort_by(|a, b| a.t.total_cmp(&b.t));
    }
}

/// A typing error at `path` (serde's words).
fn field(path: &str, message: String) -> Error {
    Error::Field {
        path: path.to_string(),
        issue: FieldIssue::Type(message),
    }
}

/// serde_json's message without its trailing " at line L column C" (reported separately).
fn strip_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}
