//! The command line's one error type: each crate's error, plus I/O with the path it concerns.

use std::path::PathBuf;

/// Everything a subcommand can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What the OS said.
        source: std::io::Error,
    },
    /// A JSON file could not be parsed or written.
    #[error("{path}: {source}")]
    Json {
        /// The file concerned.
        path: PathBuf,
        /// What serde_json said (with line and column).
        source: serde_json::Error,
    },
    /// The arguments do not make sense together.
    #[error("{0}")]
    Usage(String),
    /// Simulation or scene document error.
    #[error(transparent)]
    Sim(#[from] sp_sim::Error),
    /// Spine export error.
    #[error(transparent)]
    Spine(#[from] sp_spine::Error),
    /// Skeleton reading or repair error.
    #[error(transparent)]
    Skel(#[from] sp_skel::Error),
    /// MS3D parsing error.
    #[error(transparent)]
    Ms3d(#[from] sp_ms3d::Error),
}

/// `Result` with the command line's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Reads a whole file, naming it in the error.
pub fn read_file(path: &std::path::Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|source| Error::Io {
        path: path.to_owned(),
        source,
    })
}

/// Writes a whole file, naming it in the error.
pub fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).map_err(|source| Error::Io {
        path: path.to_owned(),
        source,
    })
}
