//! The crate's one error type, with a stable code and named parameters per case.
//!
//! Codes and parameters let the UI word an error in any language: [`Error::code`] is stable
//! (`sim.field.aboveMax`), [`Error::params`] names the values the wording needs (`path`, `value`,
//! `limit` …), and `Display` stays the English sentence. [`ERROR_CODES`] lists every code with
//! its parameter names; the TypeScript side gets it generated (`web/generated/error-codes.ts`).
//!
//! To add a case: add the variant (or the [`FieldIssue`]), its arm in `code`/`params`, its line
//! in [`ERROR_CODES`], and an example in the test `every_code_is_listed_with_its_params`.
//!
//! This file holds the types; `codes.rs` the codes, their parameters and the [`Diagnostic`] the
//! UI receives; `tests.rs` the tests.

mod codes;

pub use codes::{Diagnostic, ERROR_CODES};

/// Everything that can go wrong in this crate (loading a scene document or follow tracks).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
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
    #[error("{path}: {issue}")]
    Field {
        /// JSON path of the field, e.g. `systems[2].maxParticles`.
        path: String,
        /// What is wrong with it.
        issue: FieldIssue,
    },
}

/// What is wrong with one field (the `issue` of [`Error::Field`]).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FieldIssue {
    /// The value has the wrong JSON type or shape (serde's words).
    #[error("{0}")]
    Type(String),
    /// Not a finite number.
    #[error("is not a finite number (too large for a 32-bit float)")]
    NotFinite,
    /// Above the field's largest value.
    #[error("{value} is above the limit {limit}")]
    AboveMax {
        /// The value found.
        value: f64,
        /// The largest value allowed.
        limit: f64,
    },
    /// Below the field's smallest value.
    #[error("{value} is below the minimum {limit}")]
    BelowMin {
        /// The value found.
        value: f64,
        /// The smallest value allowed.
        limit: f64,
    },
    /// Must be above 0 (a lifetime, a load scale).
    #[error("{value} must be above 0{unit}")]
    NotPositive {
        /// The value found.
        value: f64,
        /// `" seconds"` or empty (part of the English sentence only).
        unit: &'static str,
    },
    /// A scale of 0 (nothing would be drawn; a negative scale mirrors).
    #[error("a scale must not be 0")]
    ZeroScale,
    /// A list longer than allowed.
    #[error("{count} {noun}, above the limit {limit}")]
    TooMany {
        /// Entries found.
        count: usize,
        /// Most entries allowed.
        limit: usize,
        /// What is counted, English (`entries`, `keys`, `systems` …); the path says it too.
        noun: &'static str,
    },
    /// A text longer than allowed.
    #[error("{count} characters, above the limit {limit}")]
    TooLong {
        /// Characters found.
        count: usize,
        /// Most characters allowed.
        limit: usize,
    },
    /// A text with control characters.
    #[error("contains control characters")]
    ControlCharacters,
    /// A text that must not be empty.
    #[error("is empty")]
    Empty,
    /// A file name with a folder separator.
    #[error("must be a file name, without / or \\")]
    NotAFileName,
    /// A loop-continuous system with duration 0.
    #[error("a loop-continuous system needs a duration above 0")]
    LoopNeedsDuration,
    /// Two skeletons with one name.
    #[error("{name:?} is already the name of {other}")]
    DuplicateName {
        /// The name.
        name: String,
        /// Path of the entry that has it first.
        other: String,
    },
    /// A value outside a fixed set of choices.
    #[error("{value:?} is not {choices}")]
    NotAChoice {
        /// The value found.
        value: String,
        /// The choices, English (`"y" or "z"`).
        choices: &'static str,
    },
    /// `builtin:NAME` with an unknown name.
    #[error("{reference:?} is not a built-in texture (known: {known})")]
    UnknownBuiltin {
        /// The reference.
        reference: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// A URL, `data:`/`blob:` reference or drive letter where a relative path belongs.
    #[error(
        "{reference:?}: URLs, data:/blob: references and drive letters are not allowed; use a relative path"
    )]
    NotRelative {
        /// The reference.
        reference: String,
    },
    /// An absolute path.
    #[error("{reference:?} is an absolute path; use a path relative to the scene")]
    AbsolutePath {
        /// The reference.
        reference: String,
    },
    /// A path with backslashes.
    #[error("{reference:?} contains \\; use / between folders")]
    Backslash {
        /// The reference.
        reference: String,
    },
    /// A path with a `..` segment.
    #[error("{reference:?} leaves the scene folder (..)")]
    LeavesFolder {
        /// The reference.
        reference: String,
    },
    /// A burst that fires more often per emission cycle than allowed.
    #[error("{count} firings per cycle, above the limit {limit}; use a longer interval")]
    TooManyFirings {
        /// Firings per cycle.
        count: usize,
        /// Most firings allowed.
        limit: usize,
    },
    /// An emitter's edge band wider than its shape.
    #[error("{value} is wider than the shape allows ({limit})")]
    WiderThanShape {
        /// The band width, pixels.
        value: f64,
        /// The widest band the shape allows, pixels.
        limit: f64,
    },
    /// A follow without its skeleton or bone name.
    #[error("must name a skeleton object and one of its bones")]
    FollowTargetMissing,
    /// Trails whose recorded points over all particles would exceed the memory budget.
    #[error(
        "maxParticles × trail points = {count}, above the limit {limit}; shorten the trail or lower maxParticles"
    )]
    TrailHistoryTooLarge {
        /// Points the system's trails could hold.
        count: u64,
        /// Most points allowed ([`crate::behaviour::trail::MAX_HISTORY_POINTS_PER_SYSTEM`]).
        limit: u64,
    },
    /// Trail meshes whose vertices over all particles would exceed the drawing budget.
    #[error(
        "maxParticles × trail mesh vertices = {count}, above the limit {limit}; use fewer grid rows or columns or lower maxParticles"
    )]
    TrailMeshTooLarge {
        /// Vertices the system's trails could draw.
        count: u64,
        /// Most vertices allowed ([`crate::behaviour::trail::MAX_VERTICES_PER_SYSTEM`]).
        limit: u64,
    },
    /// Input text larger than its limit.
    #[error("the tracks text is {size_bytes} bytes, above the limit of {limit_bytes} bytes")]
    TracksTooLarge {
        /// Size of the text.
        size_bytes: usize,
        /// The limit.
        limit_bytes: usize,
    },
    /// A sample rate out of range.
    #[error("{value} is not in (0, {limit}]")]
    RateOutOfRange {
        /// The rate found.
        value: f64,
        /// Highest rate allowed.
        limit: f64,
    },
    /// A track without points.
    #[error("a track needs at least one point")]
    NoPoints,
    /// More track points than allowed in all tracks together.
    #[error("more than {limit} points in all tracks")]
    TooManyPoints {
        /// Most points allowed.
        limit: usize,
    },
    /// A coordinate out of range.
    #[error("{value} is not a coordinate within ±{limit}")]
    CoordinateOutOfRange {
        /// The value found.
        value: f64,
        /// Largest absolute value allowed.
        limit: f64,
    },
    /// More Bézier handle pairs than path points.
    #[error("{count} handles for {points} points (at most one per point)")]
    TooManyHandles {
        /// Handle pairs found.
        count: usize,
        /// Points of the path.
        points: usize,
    },
    /// Two tracks for one bone of one skeleton instance.
    #[error("a second track for skeleton {skeleton:?}, bone {bone:?}, instance {instance}")]
    DuplicateTrack {
        /// Skeleton name.
        skeleton: String,
        /// Bone name.
        bone: String,
        /// The tracks' `instance` key (0: the first instance), as the file writes it.
        instance: u32,
    },
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests;
