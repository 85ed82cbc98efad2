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

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
