//! The bodies of SpineParticle's fuzz targets, as plain functions over bytes.
//!
//! `fuzz/` (cargo-fuzz, nightly) calls each function from its libFuzzer target, and
//! `tests/replay.rs` (stable `cargo test`) runs every committed corpus and regression input
//! through the same function, so CI replays what the fuzzer found without fuzzing.
//!
//! A target returns normally for any input the product handles: a clean refusal (an error with
//! a message) or a success whose result holds the target's invariants. It panics — which the
//! fuzzer records as a crash — when the code under test panics or an invariant breaks:
//!
//! | target | input | invariants checked |
//! |---|---|---|
//! | [`ms3d`] | `.ms3d` bytes | parse consumes at most the input; a parsed model always rigs; skinning, clips and baking stay in bounds (indices, draws, frame pairs); writing the model back and re-parsing gives the same model |
//! | [`skel`] | `.skel` / `.json` skeleton bytes | header read and repair never panic; a repaired skeleton reads back, and repairing it again changes nothing |
//! | [`atlas`] | `.atlas` bytes | the atlas re-encoded to UTF-8 has the same regions (names trimmed) when read as UTF-8; repairing a skeleton that names its regions works against it |
//! | [`scene`] | scene document text | load + validate refuse with a message or give a scene whose simulation (a few frames) keeps every particle finite and within `maxParticles` |
//! | [`share`] | decoded share-link text | what `normalizeScene` does with a link: the normalised document loads again and normalises to itself |
//! | [`export`] | bytes → a valid scene ([`scene_gen`]) | the export succeeds with JSON the validator accepts, or refuses with a settings/system message; the same scene exports to the same bytes |

mod atlas;
mod export;
mod ms3d;
mod scene;
pub mod scene_gen;
mod skel;

pub use atlas::atlas;
pub use export::export;
pub use ms3d::ms3d;
pub use scene::{scene, share};
pub use skel::skel;

/// A target body: bytes in, a panic on a finding.
pub type Target = fn(&[u8]);

/// Every target by the name of its `fuzz/fuzz_targets/*.rs` file and corpus directory.
pub const TARGETS: [(&str, Target); 6] = [
    ("ms3d", ms3d),
    ("skel", skel),
    ("atlas", atlas),
    ("scene", scene),
    ("share", share),
    ("export", export),
];
