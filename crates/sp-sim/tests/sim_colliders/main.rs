//! Colliders and paths in the simulation: known answers (rebound height, stop point, no
//! tunnelling, a lap of a closed path), frame-rate independence of impacts, and old documents
//! unchanged.
//!
//! By concept: [`responses`] (known answers of each collision response), [`frame_rate`],
//! [`paths`] and [`documents`]; the floor and the shower of sparks are shared with
//! `sim_colliders_loop` (`tests/common`).

#[path = "../common/mod.rs"]
mod common;
mod documents;
mod frame_rate;
mod paths;
mod responses;
mod support;
