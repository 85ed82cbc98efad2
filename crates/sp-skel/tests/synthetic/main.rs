//! Synthetic defective skeletons of every version, repaired and re-read.
//!
//! By concept: [`binary`] (layouts, the report, limits), [`charset`] (names against the atlas)
//! and [`json`].

mod binary;
mod charset;
mod json;
mod support;
