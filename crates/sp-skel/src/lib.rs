//! (crate docs to be written by the crate owner)

mod error;
pub use error::{Error, Result};
