//! The crate's one error type.

/// Everything that can go wrong while setting up or feeding the renderer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No backend could give an adapter/device for the target (each attempt's reason joined).
    #[error("no GPU renderer is available: {0}")]
    NoRenderer(String),
    /// The surface (canvas) could not be created or configured.
    #[error("cannot draw to the canvas: {0}")]
    Surface(String),
    /// An image handed to the renderer is unusable.
    #[error("image `{path}`: {reason}")]
    BadImage {
        /// The image's reference (`builtin:NAME` or a relative path).
        path: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A vertex-frame clip is malformed.
    #[error("vertex clip `{name}`: {reason}")]
    BadClip {
        /// The clip's name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A clip id that the renderer does not know.
    #[error("unknown vertex clip id {0}")]
    UnknownClip(u32),
}

/// Every error code of this crate with its parameter names (see `sp_sim::error`).
pub const ERROR_CODES: &[(&str, &[&str])] = &[
    ("render.noRenderer", &["reason"]),
    ("render.surface", &["reason"]),
    ("render.badImage", &["path", "reason"]),
    ("render.badClip", &["name", "reason"]),
    ("render.unknownClip", &["id"]),
];

impl Error {
    /// Stable code (one of [`ERROR_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Error::NoRenderer(_) => "render.noRenderer",
            Error::Surface(_) => "render.surface",
            Error::BadImage { .. } => "render.badImage",
            Error::BadClip { .. } => "render.badClip",
            Error::UnknownClip(_) => "render.unknownClip",
        }
    }

    /// Named parameters (the names [`ERROR_CODES`] lists).
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        use serde_json::json;
        let v = match self {
            Error::NoRenderer(reason) | Error::Surface(reason) => json!({ "reason": reason }),
            Error::BadImage { path, reason } => json!({ "path": path, "reason": reason }),
            Error::BadClip { name, reason } => json!({ "name": name, "reason": reason }),
            Error::UnknownClip(id) => json!({ "id": id }),
        };
        match v {
            serde_json::Value::Object(m) => m,
            _ => serde_json::Map::new(),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
