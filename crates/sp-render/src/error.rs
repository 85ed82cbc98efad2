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

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
