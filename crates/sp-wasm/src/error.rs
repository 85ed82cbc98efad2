//! The crate's one error type; converted to a JS `Error` (plain message) at the boundary.

/// Everything the wasm boundary can refuse.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The scene document did not load (the message names the JSON path).
    #[error("{0}")]
    Scene(#[from] sp_sim::Error),
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
