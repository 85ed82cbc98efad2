//! The crate's one error type, with a stable code and named parameters per case.
//!
//! Codes and parameters let the UI word an error in any language: [`Error::code`] is stable
//! (`sim.field.aboveMax`), [`Error::params`] names the values the wording needs (`path`, `value`,
//! `limit` …), and `Display` stays the English sentence. [`ERROR_CODES`] lists every code with
//! its parameter names; the TypeScript side gets it generated (`web/generated/error-codes.ts`).
//!
//! To add a case: add the variant (or the [`FieldIssue`]), its arm in `code`/`params`, its line
//! in [`ERROR_CODES`], and an example in the test `every_code_is_listed_with_its_params`.

use serde_json::{Map, Value, json};

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
    /// Two tracks for one bone.
    #[error("a second track for skeleton {skeleton:?}, bone {bone:?}")]
    DuplicateTrack {
        /// Skeleton name.
        skeleton: String,
        /// Bone name.
        bone: String,
    },
}

/// Every code of this crate with the names of its parameters (see the module doc).
pub const ERROR_CODES: &[(&str, &[&str])] = &[
    ("sim.document.tooLarge", &["sizeBytes", "limitBytes"]),
    (
        "sim.document.normalizedTooLarge",
        &["sizeBytes", "limitBytes"],
    ),
    ("sim.document.json", &["line", "column", "message"]),
    ("sim.document.newerVersion", &["found", "supported"]),
    ("sim.field.type", &["path", "message"]),
    ("sim.field.notFinite", &["path"]),
    ("sim.field.aboveMax", &["path", "value", "limit"]),
    ("sim.field.belowMin", &["path", "value", "limit"]),
    ("sim.field.notPositive", &["path", "value"]),
    ("sim.field.tooMany", &["path", "count", "limit"]),
    ("sim.field.tooLong", &["path", "count", "limit"]),
    ("sim.field.controlCharacters", &["path"]),
    ("sim.field.empty", &["path"]),
    ("sim.field.notAFileName", &["path"]),
    ("sim.field.loopNeedsDuration", &["path"]),
    ("sim.field.duplicateName", &["path", "name", "other"]),
    ("sim.field.notAChoice", &["path", "value"]),
    ("sim.field.unknownBuiltin", &["path", "reference", "known"]),
    ("sim.field.notRelative", &["path", "reference"]),
    ("sim.field.absolutePath", &["path", "reference"]),
    ("sim.field.backslash", &["path", "reference"]),
    ("sim.field.leavesFolder", &["path", "reference"]),
    ("sim.field.tooManyFirings", &["path", "count", "limit"]),
    ("sim.field.widerThanShape", &["path", "value", "limit"]),
    (
        "sim.field.trailHistoryTooLarge",
        &["path", "count", "limit"],
    ),
    ("sim.field.trailMeshTooLarge", &["path", "count", "limit"]),
    ("sim.field.followTargetMissing", &["path"]),
    ("sim.field.tooManyHandles", &["path", "count", "points"]),
    ("sim.follow.tooLarge", &["path", "sizeBytes", "limitBytes"]),
    ("sim.follow.rateOutOfRange", &["path", "value", "limit"]),
    ("sim.follow.noPoints", &["path"]),
    ("sim.follow.tooManyPoints", &["path", "limit"]),
    (
        "sim.follow.coordinateOutOfRange",
        &["path", "value", "limit"],
    ),
    ("sim.follow.duplicateTrack", &["path", "skeleton", "bone"]),
];

impl Error {
    /// The stable code of this error (one of [`ERROR_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Error::TooLarge { .. } => "sim.document.tooLarge",
            Error::NormalizedTooLarge { .. } => "sim.document.normalizedTooLarge",
            Error::Json { .. } => "sim.document.json",
            Error::NewerVersion { .. } => "sim.document.newerVersion",
            Error::Field { issue, .. } => issue.code(),
        }
    }

    /// The named parameters of this error (the names [`ERROR_CODES`] lists for its code).
    pub fn params(&self) -> Map<String, Value> {
        let v = match self {
            Error::TooLarge {
                size_bytes,
                limit_bytes,
            }
            | Error::NormalizedTooLarge {
                size_bytes,
                limit_bytes,
            } => json!({ "sizeBytes": size_bytes, "limitBytes": limit_bytes }),
            Error::Json {
                line,
                column,
                message,
            } => json!({ "line": line, "column": column, "message": message }),
            Error::NewerVersion { found, supported } => {
                json!({ "found": found, "supported": supported })
            }
            Error::Field { path, issue } => {
                let mut m = issue.params();
                m.insert("path".into(), Value::from(path.as_str()));
                return m;
            }
        };
        match v {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }
}

impl FieldIssue {
    /// The stable code (one of [`ERROR_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            FieldIssue::Type(_) => "sim.field.type",
            FieldIssue::NotFinite => "sim.field.notFinite",
            FieldIssue::AboveMax { .. } => "sim.field.aboveMax",
            FieldIssue::BelowMin { .. } => "sim.field.belowMin",
            FieldIssue::NotPositive { .. } => "sim.field.notPositive",
            FieldIssue::TooMany { .. } => "sim.field.tooMany",
            FieldIssue::TooLong { .. } => "sim.field.tooLong",
            FieldIssue::ControlCharacters => "sim.field.controlCharacters",
            FieldIssue::Empty => "sim.field.empty",
            FieldIssue::NotAFileName => "sim.field.notAFileName",
            FieldIssue::LoopNeedsDuration => "sim.field.loopNeedsDuration",
            FieldIssue::DuplicateName { .. } => "sim.field.duplicateName",
            FieldIssue::NotAChoice { .. } => "sim.field.notAChoice",
            FieldIssue::UnknownBuiltin { .. } => "sim.field.unknownBuiltin",
            FieldIssue::NotRelative { .. } => "sim.field.notRelative",
            FieldIssue::AbsolutePath { .. } => "sim.field.absolutePath",
            FieldIssue::Backslash { .. } => "sim.field.backslash",
            FieldIssue::LeavesFolder { .. } => "sim.field.leavesFolder",
            FieldIssue::TooManyFirings { .. } => "sim.field.tooManyFirings",
            FieldIssue::WiderThanShape { .. } => "sim.field.widerThanShape",
            FieldIssue::TrailHistoryTooLarge { .. } => "sim.field.trailHistoryTooLarge",
            FieldIssue::TrailMeshTooLarge { .. } => "sim.field.trailMeshTooLarge",
            FieldIssue::FollowTargetMissing => "sim.field.followTargetMissing",
            FieldIssue::TooManyHandles { .. } => "sim.field.tooManyHandles",
            FieldIssue::TracksTooLarge { .. } => "sim.follow.tooLarge",
            FieldIssue::RateOutOfRange { .. } => "sim.follow.rateOutOfRange",
            FieldIssue::NoPoints => "sim.follow.noPoints",
            FieldIssue::TooManyPoints { .. } => "sim.follow.tooManyPoints",
            FieldIssue::CoordinateOutOfRange { .. } => "sim.follow.coordinateOutOfRange",
            FieldIssue::DuplicateTrack { .. } => "sim.follow.duplicateTrack",
        }
    }

    /// The issue's own parameters (without `path`).
    pub fn params(&self) -> Map<String, Value> {
        let v = match self {
            FieldIssue::Type(message) => json!({ "message": message }),
            FieldIssue::AboveMax { value, limit }
            | FieldIssue::BelowMin { value, limit }
            | FieldIssue::RateOutOfRange { value, limit }
            | FieldIssue::CoordinateOutOfRange { value, limit }
            | FieldIssue::WiderThanShape { value, limit } => {
                json!({ "value": value, "limit": limit })
            }
            FieldIssue::NotPositive { value, .. } => json!({ "value": value }),
            FieldIssue::TooMany { count, limit, .. }
            | FieldIssue::TooLong { count, limit }
            | FieldIssue::TooManyFirings { count, limit } => {
                json!({ "count": count, "limit": limit })
            }
            FieldIssue::TrailHistoryTooLarge { count, limit }
            | FieldIssue::TrailMeshTooLarge { count, limit } => {
                json!({ "count": count, "limit": limit })
            }
            FieldIssue::DuplicateName { name, other } => json!({ "name": name, "other": other }),
            FieldIssue::NotAChoice { value, .. } => json!({ "value": value }),
            FieldIssue::UnknownBuiltin { reference, known } => {
                json!({ "reference": reference, "known": known })
            }
            FieldIssue::NotRelative { reference }
            | FieldIssue::AbsolutePath { reference }
            | FieldIssue::Backslash { reference }
            | FieldIssue::LeavesFolder { reference } => json!({ "reference": reference }),
            FieldIssue::TracksTooLarge {
                size_bytes,
                limit_bytes,
            } => json!({ "sizeBytes": size_bytes, "limitBytes": limit_bytes }),
            FieldIssue::TooManyPoints { limit } => json!({ "limit": limit }),
            FieldIssue::TooManyHandles { count, points } => {
                json!({ "count": count, "points": points })
            }
            FieldIssue::DuplicateTrack { skeleton, bone } => {
                json!({ "skeleton": skeleton, "bone": bone })
            }
            FieldIssue::NotFinite
            | FieldIssue::ControlCharacters
            | FieldIssue::Empty
            | FieldIssue::NotAFileName
            | FieldIssue::LoopNeedsDuration
            | FieldIssue::NoPoints
            | FieldIssue::FollowTargetMissing => json!({}),
        };
        match v {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }
}

/// An error or warning as the UI receives it: its code, named parameters and English message
/// (the JS error object of the wasm boundary, an export warning).
#[derive(Clone, Debug, PartialEq, serde::Serialize, ts_rs::TS)]
pub struct Diagnostic {
    /// Stable code, e.g. `sim.field.aboveMax` (the lists: `ERROR_CODES` of each crate).
    pub code: String,
    /// Named parameters of the wording (numbers or strings).
    #[ts(type = "Record<string, number | string | null>")]
    pub params: Map<String, Value>,
    /// The English sentence.
    pub message: String,
}

impl Diagnostic {
    /// From its parts.
    pub fn new(code: &str, params: Map<String, Value>, message: String) -> Diagnostic {
        Diagnostic {
            code: code.to_string(),
            params,
            message,
        }
    }
}

impl From<&Error> for Diagnostic {
    fn from(e: &Error) -> Diagnostic {
        Diagnostic::new(e.code(), e.params(), e.to_string())
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    /// One example per code (see the module doc's recipe).
    fn examples() -> Vec<Error> {
        let f = |issue| Error::Field {
            path: "systems[0].x".into(),
            issue,
        };
        let r = || "a/b.png".to_string();
        vec![
            Error::TooLarge {
                size_bytes: 2,
                limit_bytes: 1,
            },
            Error::NormalizedTooLarge {
                size_bytes: 2,
                limit_bytes: 1,
            },
            Error::Json {
                line: 1,
                column: 2,
                message: "m".into(),
            },
            Error::NewerVersion {
                found: 9,
                supported: 1,
            },
            f(FieldIssue::Type("m".into())),
            f(FieldIssue::NotFinite),
            f(FieldIssue::AboveMax {
                value: 2.0,
                limit: 1.0,
            }),
            f(FieldIssue::BelowMin {
                value: 0.0,
                limit: 1.0,
            }),
            f(FieldIssue::NotPositive {
                value: 0.0,
                unit: "",
            }),
            f(FieldIssue::TooMany {
                count: 3,
                limit: 2,
                noun: "keys",
            }),
            f(FieldIssue::TooLong { count: 3, limit: 2 }),
            f(FieldIssue::ControlCharacters),
            f(FieldIssue::Empty),
            f(FieldIssue::NotAFileName),
            f(FieldIssue::LoopNeedsDuration),
            f(FieldIssue::DuplicateName {
                name: "a".into(),
                other: "skeletons[0]".into(),
            }),
            f(FieldIssue::NotAChoice {
                value: "x".into(),
                choices: "\"y\" or \"z\"",
            }),
            f(FieldIssue::UnknownBuiltin {
                reference: r(),
                known: "a".into(),
            }),
            f(FieldIssue::NotRelative { reference: r() }),
            f(FieldIssue::AbsolutePath { reference: r() }),
            f(FieldIssue::Backslash { reference: r() }),
            f(FieldIssue::LeavesFolder { reference: r() }),
            f(FieldIssue::TooManyFirings { count: 3, limit: 2 }),
            f(FieldIssue::WiderThanShape {
                value: 3.0,
                limit: 2.0,
            }),
            f(FieldIssue::FollowTargetMissing),
            f(FieldIssue::TooManyHandles {
                count: 3,
                points: 2,
            }),
            f(FieldIssue::TrailHistoryTooLarge { count: 3, limit: 2 }),
            f(FieldIssue::TrailMeshTooLarge { count: 3, limit: 2 }),
            f(FieldIssue::TracksTooLarge {
                size_bytes: 2,
                limit_bytes: 1,
            }),
            f(FieldIssue::RateOutOfRange {
                value: 0.0,
                limit: 1.0,
            }),
            f(FieldIssue::NoPoints),
            f(FieldIssue::TooManyPoints { limit: 1 }),
            f(FieldIssue::CoordinateOutOfRange {
                value: 9.0,
                limit: 1.0,
            }),
            f(FieldIssue::DuplicateTrack {
                skeleton: "s".into(),
                bone: "b".into(),
            }),
        ]
    }

    #[test]
    fn every_code_is_listed_with_its_params() {
        let examples = examples();
        for e in &examples {
            let listed = ERROR_CODES.iter().find(|(c, _)| *c == e.code());
            let Some((_, names)) = listed else {
                panic!("{} is not in ERROR_CODES", e.code());
            };
            let params = e.params();
            let params: Vec<&str> = params.keys().map(String::as_str).collect();
            let mut expected: Vec<&str> = names.to_vec();
            expected.sort_unstable();
            assert_eq!(params, expected, "{}", e.code());
        }
        for (code, _) in ERROR_CODES {
            assert!(
                examples.iter().any(|e| e.code() == *code),
                "{code} has no example"
            );
        }
    }

    #[test]
    fn the_message_stays_the_english_sentence() {
        let e = Error::Field {
            path: "systems[1].maxParticles".into(),
            issue: FieldIssue::AboveMax {
                value: 1e9,
                limit: 100_000.0,
            },
        };
        assert_eq!(
            e.to_string(),
            "systems[1].maxParticles: 1000000000 is above the limit 100000"
        );
        assert_eq!(e.code(), "sim.field.aboveMax");
        assert_eq!(e.params()["limit"], 100_000.0);
    }
}
