//! The crate's one error type.

/// Everything that can go wrong in this crate (loading a scene document).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The document is larger than the loader accepts.
    #[error("the document is {size_bytes} bytes, above the limit of {limit_bytes} bytes")]
    TooLarge {
        /// Size of the input in bytes.
        size_bytes: usize,
        /// The limit ([`crate::document::MAX_DOCUMENT_BYTES`]).
        limit_bytes: usize,
    },
    /// The document is within the size limit as given, but not once normalised (every field
    /// written, pretty-printed, as the editor saves it): accepting it would let the editor save
    /// a document it cannot open again (autosave, share links, files).
    #[error(
        "the document is {size_bytes} bytes once every field is written, above the limit of {limit_bytes} bytes: it could not be saved and opened again"
    )]
    NormalizedTooLarge {
        /// Size of the normalised document in bytes.
        size_bytes: usize,
        /// The limit ([`crate::document::MAX_DOCUMENT_BYTES`]).
        limit_bytes: usize,
    },
    /// The text is not JSON.
    #[error("not valid JSON at line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser said.
        message: String,
    },
    /// The document was written by a newer version of the editor.
    #[error(
        "the document has version {found}, newer than this editor understands (version {supported}); update the editor to open it"
    )]
    NewerVersion {
        /// Version found in the document.
        found: u64,
        /// Newest version this build reads ([`crate::document::DOCUMENT_VERSION`]).
        supported: u32,
    },
    /// A field has the wrong type or an unacceptable value.
    #[error("{path}: {message}")]
    Field {
        /// JSON path of the field, e.g. `systems[2].maxParticles`.
        path: String,
        /// What is wrong with it.
        message: String,
    },
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
