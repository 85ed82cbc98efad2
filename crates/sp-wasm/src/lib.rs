//! (crate docs to be written by the crate owner)
