//! The stable code and named parameters of each error (see the [parent module](super) for the
//! recipe to add one), and the [`Diagnostic`] the UI receives.

use serde_json::{Map, Value, json};

use super::{Error, FieldIssue};

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
    ("sim.field.zeroScale", &["path"]),
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
    (
        "sim.follow.duplicateTrack",
        &["path", "skeleton", "bone", "instance"],
    ),
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
            FieldIssue::ZeroScale => "sim.field.zeroScale",
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
            FieldIssue::DuplicateTrack {
                skeleton,
                bone,
                instance,
            } => {
                json!({ "skeleton": skeleton, "bone": bone, "instance": instance })
            }
            FieldIssue::NotFinite
            | FieldIssue::ZeroScale
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
