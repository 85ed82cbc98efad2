//! The crate's one error type. Every JS call that can fail returns it; it becomes a JS `Error`
//! in exactly one place (`js.rs`, `impl From<Error> for JsValue`) carrying `code`, `params` and
//! `message` ([`Error::diagnostic`]): the message is the English sentence, code and parameters
//! let the UI word it in zh and en. [`all_codes`] lists every code of every crate (generated
//! into `web/generated/error-codes.ts`).

use serde_json::{Map, Value, json};
use sp_sim::Diagnostic;

/// Everything the wasm boundary can refuse.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The scene document or the follow tracks did not load (the message names the JSON path).
    #[error("{0}")]
    Scene(#[from] sp_sim::Error),
    /// The export refused.
    #[error("{0}")]
    Spine(#[from] sp_spine::Error),
    /// A Spine skeleton did not read or repair (byte offset, JSON path, field).
    #[error("{0}")]
    Skel(#[from] sp_skel::Error),
    /// A skeleton or atlas file (`which`) that the reader refused.
    #[error("{which}: {source}")]
    SkelFile {
        /// `skeleton` or `atlas`.
        which: &'static str,
        /// What the reader refused.
        #[source]
        source: sp_skel::Error,
    },
    /// Bone tracks (`name` is the JS argument) that did not load.
    #[error("{name}: {source}")]
    Tracks {
        /// The JS-side argument name (`followJson`, `tracksJson`).
        name: &'static str,
        /// What the tracks reader refused.
        #[source]
        source: sp_sim::Error,
    },
    /// The renderer refused (no GPU, bad image, bad clip).
    #[error("{0}")]
    Render(#[from] sp_render::Error),
    /// An `.ms3d` model did not parse, rig or bake: `<section> section, byte N: …`.
    #[error("{0}")]
    Model(#[from] sp_ms3d::Error),
    /// The same in a named file: `<file>: <section> section, byte N: …`.
    #[error("{file}: {source}")]
    ModelFile {
        /// The file name the page gave (its drop path).
        file: String,
        /// What the model reader refused.
        #[source]
        source: sp_ms3d::Error,
    },
    /// A JSON argument that does not parse into its type (`name` is the JS argument).
    #[error("{name}: {message}")]
    Input {
        /// The JS-side argument name, e.g. `imagesJson`.
        name: &'static str,
        /// serde's words.
        message: String,
    },
    /// An argument is out of range; names the argument.
    #[error("{name}: {reason}")]
    Argument {
        /// The JS-side argument name.
        name: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// The browser refused something (canvas, DOM).
    #[error("{0}")]
    Browser(String),
}

/// This crate's own codes (the wrapped crates' codes come with their errors).
pub const ERROR_CODES: &[(&str, &[&str])] = &[
    ("wasm.skelFile", &["which"]),
    ("wasm.modelFile", &["file"]),
    ("wasm.input", &["name", "message"]),
    ("wasm.argument", &["name", "reason"]),
    ("wasm.browser", &["message"]),
];

/// The warnings this crate reports itself (with their parameter names).
pub const WARNING_CODES: &[(&str, &[&str])] =
    &[("wasm.warning.textureNotDropped", &["group", "texture"])];

/// A model group whose texture was not dropped with the model: drawn with the flat colour.
pub fn texture_not_dropped(group: &str, texture: &str) -> Diagnostic {
    Diagnostic::new(
        "wasm.warning.textureNotDropped",
        object(json!({ "group": group, "texture": texture })),
        format!(
            "group \"{group}\": texture \"{texture}\" was not dropped with the model; drawn with the material's flat colour"
        ),
    )
}

impl Error {
    /// The stable code: the wrapped crate's code, or one of this crate's [`ERROR_CODES`]. A
    /// file-named wrapper (`SkelFile`, `ModelFile`) keeps the inner code and adds the file's
    /// parameter.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Scene(e) | Error::Tracks { source: e, .. } => e.code(),
            Error::Spine(e) => e.code(),
            Error::Skel(e) | Error::SkelFile { source: e, .. } => e.code(),
            Error::Render(e) => e.code(),
            Error::Model(e) | Error::ModelFile { source: e, .. } => e.code(),
            Error::Input { .. } => "wasm.input",
            Error::Argument { .. } => "wasm.argument",
            Error::Browser(_) => "wasm.browser",
        }
    }

    /// Named parameters of [`Error::code`] (plus `which` / `file` for the file-named wrappers).
    pub fn params(&self) -> Map<String, Value> {
        let mut m = match self {
            Error::Scene(e) | Error::Tracks { source: e, .. } => e.params(),
            Error::Spine(e) => e.params(),
            Error::Skel(e) | Error::SkelFile { source: e, .. } => e.params(),
            Error::Render(e) => e.params(),
            Error::Model(e) | Error::ModelFile { source: e, .. } => e.params(),
            Error::Input { name, message } => object(json!({ "name": name, "message": message })),
            Error::Argument { name, reason } => object(json!({ "name": name, "reason": reason })),
            Error::Browser(message) => object(json!({ "message": message })),
        };
        match self {
            Error::SkelFile { which, .. } => {
                m.insert("which".into(), Value::from(*which));
            }
            Error::Tracks { name, .. } => {
                m.insert("argument".into(), Value::from(*name));
            }
            Error::ModelFile { file, .. } => {
                m.insert("file".into(), Value::from(file.as_str()));
            }
            _ => {}
        }
        m
    }

    /// Code, parameters and the English message: what the JS error object carries.
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::new(self.code(), self.params(), self.to_string())
    }
}

fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// Every code the boundary can throw or report, with its parameter names, by crate: errors of
/// sp-sim, sp-spine, sp-skel, sp-ms3d, sp-render and this crate, and the export warnings.
pub fn all_codes() -> Vec<(&'static str, &'static [&'static str])> {
    [
        sp_sim::ERROR_CODES,
        sp_spine::ERROR_CODES,
        sp_spine::WARNING_CODES,
        sp_skel::ERROR_CODES,
        sp_skel::WARNING_CODES,
        sp_ms3d::ERROR_CODES,
        sp_ms3d::WARNING_CODES,
        sp_render::ERROR_CODES,
        ERROR_CODES,
        WARNING_CODES,
    ]
    .iter()
    .flat_map(|list| list.iter().copied())
    .collect()
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Checks that a number is finite (and, with `min`, at least `min`).
pub fn finite(name: &'static str, value: f64, min: Option<f64>) -> Result<f64> {
    if !value.is_finite() {
        return Err(Error::Argument {
            name,
            reason: format!("{value} is not a finite number"),
        });
    }
    if let Some(min) = min
        && value < min
    {
        return Err(Error::Argument {
            name,
            reason: format!("{value} is below {min}"),
        });
    }
    Ok(value)
}
