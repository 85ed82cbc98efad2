//! What the JSON header reader tolerated: a `skeleton.*` field of the wrong type, read as the
//! Spine runtimes read it (libGDX's `getFloat` / `getString`) or ignored. Each warning has a
//! stable code and named parameters (so the UI can word it in zh and en) and its English
//! sentence (`Display`); [`crate::SkeletonInfo`] lists both (`warnings`, `warningDetails`).
//!
//! To add a warning: a variant here, its arms in `code`/`params`, its line in
//! [`WARNING_CODES`] and an example in the test `every_warning_code_is_listed_with_its_params`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use ts_rs::TS;

/// One header warning.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Warning {
    /// A number field holding a numeric string: read as the number.
    #[error("{path} is the string {text:?}; read as the number {value}, as the runtimes do")]
    NumberFromText {
        /// The field, e.g. `skeleton.x`.
        path: String,
        /// The string found.
        text: String,
        /// The number read.
        value: f64,
    },
    /// A number field holding a string that is not a number: ignored.
    #[error("{path} is the string {text:?}, not a number; ignored")]
    TextNotNumber {
        /// The field.
        path: String,
        /// The string found.
        text: String,
    },
    /// A number field holding a boolean: read as 1 or 0 (libGDX).
    #[error("{path} is {value}, not a number; read as {number}, as libGDX does")]
    NumberFromBool {
        /// The field.
        path: String,
        /// The boolean found.
        value: bool,
        /// The number read (1 or 0).
        number: u8,
    },
    /// A string field holding a number: read as its text.
    #[error("{path} is the number {value}, not a string; read as \"{value}\"")]
    StringFromNumber {
        /// The field.
        path: String,
        /// The number found.
        value: f64,
    },
    /// A string field holding a boolean: read as its text.
    #[error("{path} is {value}, not a string; read as \"{value}\"")]
    StringFromBool {
        /// The field.
        path: String,
        /// The boolean found.
        value: bool,
    },
    /// A field of a type that cannot be read as what it should be: ignored.
    #[error("{path} is {found}, not {expected}; ignored")]
    Ignored {
        /// The field.
        path: String,
        /// The JSON type found (`an array`, `an object` …).
        found: String,
        /// What it should be (`a number`, `a string`).
        expected: String,
    },
    /// A `skeleton` section that is not an object (the file has bones): its metadata is ignored.
    #[error("skeleton is {found}, not an object; its metadata is ignored")]
    SkeletonNotObject {
        /// The JSON type found.
        found: String,
    },
}

/// Every header warning code with its parameter names.
pub const WARNING_CODES: &[(&str, &[&str])] = &[
    ("skel.warning.numberFromText", &["path", "text", "value"]),
    ("skel.warning.textNotNumber", &["path", "text"]),
    ("skel.warning.numberFromBool", &["path", "value", "number"]),
    ("skel.warning.stringFromNumber", &["path", "value"]),
    ("skel.warning.stringFromBool", &["path", "value"]),
    ("skel.warning.ignored", &["path", "found", "expected"]),
    ("skel.warning.skeletonNotObject", &["found"]),
];

/// A warning as the UI receives it (`SkeletonInfo.warningDetails`): code, named parameters
/// and the English sentence (the shape of `sp_sim::Diagnostic`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct WarningDetail {
    /// Stable code (one of [`WARNING_CODES`]).
    pub code: String,
    /// Named parameters of the wording.
    #[ts(type = "Record<string, number | string | null>")]
    pub params: Map<String, Value>,
    /// The English sentence.
    pub message: String,
}

impl Warning {
    /// The stable code (one of [`WARNING_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Warning::NumberFromText { .. } => "skel.warning.numberFromText",
            Warning::TextNotNumber { .. } => "skel.warning.textNotNumber",
            Warning::NumberFromBool { .. } => "skel.warning.numberFromBool",
            Warning::StringFromNumber { .. } => "skel.warning.stringFromNumber",
            Warning::StringFromBool { .. } => "skel.warning.stringFromBool",
            Warning::Ignored { .. } => "skel.warning.ignored",
            Warning::SkeletonNotObject { .. } => "skel.warning.skeletonNotObject",
        }
    }

    /// The named parameters (the names [`WARNING_CODES`] lists for its code).
    pub fn params(&self) -> Map<String, Value> {
        let v = match self {
            Warning::NumberFromText { path, text, value } => {
                json!({ "path": path, "text": text, "value": value })
            }
            Warning::TextNotNumber { path, text } => json!({ "path": path, "text": text }),
            Warning::NumberFromBool {
                path,
                value,
                number,
            } => json!({ "path": path, "value": value.to_string(), "number": number }),
            Warning::StringFromNumber { path, value } => json!({ "path": path, "value": value }),
            Warning::StringFromBool { path, value } => {
                json!({ "path": path, "value": value.to_string() })
            }
            Warning::Ignored {
                path,
                found,
                expected,
            } => json!({ "path": path, "found": found, "expected": expected }),
            Warning::SkeletonNotObject { found } => json!({ "found": found }),
        };
        match v {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }

    /// Code, parameters and sentence together.
    pub fn detail(&self) -> WarningDetail {
        WarningDetail {
            code: self.code().to_owned(),
            params: self.params(),
            message: self.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_warning_code_is_listed_with_its_params() {
        let p = || "skeleton.x".to_owned();
        let examples = [
            Warning::NumberFromText {
                path: p(),
                text: "1".into(),
                value: 1.0,
            },
            Warning::TextNotNumber {
                path: p(),
                text: "a".into(),
            },
            Warning::NumberFromBool {
                path: p(),
                value: true,
                number: 1,
            },
            Warning::StringFromNumber {
                path: p(),
                value: 7.0,
            },
            Warning::StringFromBool {
                path: p(),
                value: false,
            },
            Warning::Ignored {
                path: p(),
                found: "an array".into(),
                expected: "a number".into(),
            },
            Warning::SkeletonNotObject {
                found: "a string".into(),
            },
        ];
        for w in &examples {
            let (_, names) = WARNING_CODES
                .iter()
                .find(|(c, _)| *c == w.code())
                .unwrap_or_else(|| panic!("{} is not listed", w.code()));
            let mut expected: Vec<&str> = names.to_vec();
            expected.sort_unstable();
            let params = w.params();
            let got: Vec<&str> = params.keys().map(String::as_str).collect();
            assert_eq!(got, expected, "{}", w.code());
        }
        for (code, _) in WARNING_CODES {
            assert!(
                examples.iter().any(|w| w.code() == *code),
                "{code} has no example"
            );
        }
    }
}
