//! The crate's one error type.

/// Everything that can go wrong while exporting.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An export setting is out of range (`field` names it, e.g. `export.fps`).
    #[error("{field}: {message}")]
    Settings {
        /// Document path of the setting.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// A system's simulation did not end within the bake limit (one-shot systems must finish).
    #[error("systems[{index}] ({name:?}): {message}")]
    System {
        /// Scene index of the system.
        index: usize,
        /// Its name.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// The generated JSON breaks a structural rule; `path` is its JSON path.
    #[error("invalid Spine JSON at {path}: {message}")]
    Invalid {
        /// JSON path, e.g. `animations.animation.slots._particle_000.rgba[3].color`.
        path: String,
        /// The rule broken.
        message: String,
    },
    /// The progress callback asked to stop.
    #[error("export cancelled")]
    Cancelled,
    /// Serialising or re-reading the JSON failed.
    #[error("JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// Every error code of this crate with its parameter names (the UI words each; see
/// `sp_sim::error` for the scheme). To add a variant: its arms below, its line here.
pub const ERROR_CODES: &[(&str, &[&str])] = &[
    ("spine.settings", &["field", "message"]),
    ("spine.system", &["index", "name", "message"]),
    ("spine.invalid", &["path", "message"]),
    ("spine.cancelled", &[]),
    ("spine.json", &["message"]),
];

impl Error {
    /// Stable code (one of [`ERROR_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Error::Settings { .. } => "spine.settings",
            Error::System { .. } => "spine.system",
            Error::Invalid { .. } => "spine.invalid",
            Error::Cancelled => "spine.cancelled",
            Error::Json(_) => "spine.json",
        }
    }

    /// Named parameters (the names [`ERROR_CODES`] lists).
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        use serde_json::json;
        let v = match self {
            Error::Settings { field, message } => json!({ "field": field, "message": message }),
            Error::System {
                index,
                name,
                message,
            } => json!({ "index": index, "name": name, "message": message }),
            Error::Invalid { path, message } => json!({ "path": path, "message": message }),
            Error::Cancelled => json!({}),
            Error::Json(e) => json!({ "message": e.to_string() }),
        };
        match v {
            serde_json::Value::Object(m) => m,
            _ => serde_json::Map::new(),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
