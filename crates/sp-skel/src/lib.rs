//! Spine skeleton files, JSON and binary `.skel` 3.8 / 4.0 / 4.1 / 4.2: header metadata,
//! defect detection and repair — a better version of Ark-Pets' `SkeletonLoader`.
//!
//! # Reading
//! [`detect_format`] tells JSON (first non-blank byte `{`) from binary. [`inspect`] reads the
//! header of either format (hash, version, bounds, `referenceScale` in 4.2, nonessential, fps —
//! 30 when absent —, images, audio; for binary also the string table and the header size) and
//! lists the defects. Binary headers are read in all four layouts ([`BinaryLayout`]) with
//! big-endian floats, libGDX varints and the runtimes' own string decoding ([`text`]). Files
//! over 64 MiB are refused: [`check_size`] takes a length, so callers refuse a file before
//! reading it.
//!
//! # Defects ([`DefectKind`])
//! - `trailing_whitespace` (Ark-Pets #150): the atlas reader trims region names, the skeleton
//!   reader does not.
//! - `charset_mismatch` (#160): a name and its atlas region disagree on the charset; checked
//!   when an atlas is given (its encoding is detected: UTF-8, GBK/GB18030, Big5, Shift_JIS,
//!   EUC-KR, …) or a legacy reader charset is chosen.
//! - `runtime_decoding`: 4-byte UTF-8 (emoji) that the runtimes' binary decoder misreads.
//!
//! Binary skeletons are checked on their string table (each defect has its index); JSON
//! skeletons on the same names — every attachment name and reference (each defect has its JSON
//! path).
//!
//! # Repair ([`repair`], [`plan_binary_repair`])
//! New bytes; the input is never modified. Binary: header and string table rewritten in the
//! file's own layout (floats bit for bit big-endian, null strings kept null, unchanged strings
//! byte for byte), fixed strings, then every byte after the original table copied unchanged —
//! the body refers to strings by index and holds no offsets. JSON: only the string tokens of
//! renamed names are replaced; every other byte is kept. A skeleton without defects comes back
//! identical.
//!
//! **The hash is kept unchanged.** No runtime verifies it (libGDX and spine-ts only store
//! it), it still identifies the export the repaired file came from, and the original loader's
//! choice — writing an empty hash — changes bytes for no benefit (and a null 3.8 hash makes
//! libGDX 3.8 throw).
//!
//! Charset mismatches are resolved as the user chooses ([`CharsetFix`]): re-encode the atlas
//! to UTF-8 (its region names trimmed too), or rewrite the skeleton's names to what a reader
//! decoding the atlas in a legacy charset (e.g. GBK) sees — the original loader's approach,
//! for teams shipping to such runtimes. The [`RepairReport`] lists every change (index or JSON
//! path, before → after, reason) and serialises with serde.
//!
//! [`synth`] writes synthetic skeletons of every layout for tests and benchmarks.

mod atlas;
mod binary;
mod check;
mod defects;
mod error;
mod format;
mod info;
mod json;
mod limits;
mod repair;
pub mod synth;
pub mod text;
mod warning;

pub use atlas::{
    Atlas, AtlasChange, AtlasRegion, decode_lossy, encoding_name, legacy_charset, read_atlas,
};
pub use binary::{
    BinaryHash, BinaryHeader, BinaryLayout, BinarySkeleton, Nonessential, SkelString, read_binary,
    write_header,
};
pub use defects::{CharsetFix, Defect, DefectKind, Location, RepairOptions};
pub use encoding_rs::Encoding;
pub use error::{ERROR_CODES, Error, Result};
pub use format::{Format, detect_format};
pub use info::{SkeletonInfo, inspect};
pub use json::{JsonHeader, JsonSkeleton, read_json};
pub use limits::{MAX_SKELETON_BYTES, check_size};
pub use repair::{
    AtlasReport, BinaryRepairPlan, Change, RepairReport, Repaired, Unresolved, plan_binary_repair,
    repair,
};
pub use warning::{WARNING_CODES, Warning, WarningDetail};
