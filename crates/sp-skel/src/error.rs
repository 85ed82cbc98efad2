//! The crate's one error type.

/// Everything that can go wrong while reading, checking or repairing a skeleton.
///
/// Every variant names what was being read and where (byte offset, JSON path, line), so a
/// message shown to the user can be acted on.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file is larger than [`crate::MAX_SKELETON_BYTES`]; it was refused before being read.
    #[error(
        "skeleton file is {len_bytes} bytes, over the 64 MiB limit ({max_bytes} bytes); it was not read"
    )]
    TooLarge {
        /// Size of the file.
        len_bytes: u64,
        /// The limit.
        max_bytes: u64,
    },
    /// The file ended in the middle of a field.
    #[error(
        "unexpected end of file at byte {offset} reading {what} (needs {needed} bytes, {available} left)"
    )]
    Truncated {
        /// Byte offset where the field starts (or continues).
        offset: u64,
        /// The field being read, e.g. `string table entry 3`.
        what: String,
        /// Bytes the field needs from `offset`.
        needed: u64,
        /// Bytes left in the file from `offset`.
        available: u64,
    },
    /// A count or length read from the file is negative or otherwise impossible.
    #[error("{what} at byte {offset} is {value}, which is not a valid {expected}")]
    BadValue {
        /// Byte offset of the value.
        offset: u64,
        /// The field being read.
        what: String,
        /// The value found (as read, Java `int` semantics).
        value: i64,
        /// What a valid value would be.
        expected: &'static str,
    },
    /// Neither a JSON skeleton nor a binary skeleton of a known layout.
    #[error("not a Spine skeleton: {reason}")]
    NotSkeleton {
        /// Why the bytes were not recognised.
        reason: String,
    },
    /// A binary skeleton whose version has no supported header layout.
    #[error(
        "unsupported binary skeleton version {version:?} (read at byte {offset}): header reading supports binary 3.8, 4.0, 4.1 and 4.2"
    )]
    UnsupportedVersion {
        /// The version string found in the file.
        version: String,
        /// Byte offset of the version string.
        offset: u64,
    },
    /// The JSON text is not valid JSON.
    #[error("JSON syntax error at byte {offset} (line {line}, column {column}): {message}")]
    JsonSyntax {
        /// Byte offset of the error.
        offset: u64,
        /// 1-based line.
        line: u64,
        /// 1-based column (in bytes).
        column: u64,
        /// What is wrong.
        message: String,
    },
    /// Valid JSON, but not shaped like a Spine skeleton at `path`.
    #[error("JSON skeleton: {path}: expected {expected}")]
    JsonShape {
        /// JSON path of the offending value, e.g. `skeleton.x`.
        path: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// A charset label that `encoding_rs` does not know.
    #[error(
        "unknown charset {label:?}: use a WHATWG encoding label such as gbk, gb18030, big5, shift_jis or euc-kr"
    )]
    UnknownCharset {
        /// The label given.
        label: String,
    },
    /// A value that cannot be written in the binary format.
    #[error("cannot write {what}: {reason}")]
    Unwritable {
        /// The field being written.
        what: String,
        /// Why it cannot be written.
        reason: &'static str,
    },
}

impl Error {
    /// True when the error only means "more bytes are needed": a caller that read a prefix of
    /// a file can read more and try again.
    pub fn is_truncated(&self) -> bool {
        matches!(self, Error::Truncated { .. })
    }
}

/// Every error code of this crate with its parameter names (see `sp_sim::error`; `offset` is
/// a byte offset from the start of the file).
pub const ERROR_CODES: &[(&str, &[&str])] = &[
    ("skel.tooLarge", &["lenBytes", "maxBytes"]),
    ("skel.truncated", &["offset", "what", "needed", "available"]),
    ("skel.badValue", &["offset", "what", "value", "expected"]),
    ("skel.notSkeleton", &["reason"]),
    ("skel.unsupportedVersion", &["version", "offset"]),
    ("skel.jsonSyntax", &["offset", "line", "column", "message"]),
    ("skel.jsonShape", &["path", "expected"]),
    ("skel.unknownCharset", &["label"]),
    ("skel.unwritable", &["what", "reason"]),
];

impl Error {
    /// Stable code (one of [`ERROR_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Error::TooLarge { .. } => "skel.tooLarge",
            Error::Truncated { .. } => "skel.truncated",
            Error::BadValue { .. } => "skel.badValue",
            Error::NotSkeleton { .. } => "skel.notSkeleton",
            Error::UnsupportedVersion { .. } => "skel.unsupportedVersion",
            Error::JsonSyntax { .. } => "skel.jsonSyntax",
            Error::JsonShape { .. } => "skel.jsonShape",
            Error::UnknownCharset { .. } => "skel.unknownCharset",
            Error::Unwritable { .. } => "skel.unwritable",
        }
    }

    /// Named parameters (the names [`ERROR_CODES`] lists).
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        use serde_json::json;
        let v = match self {
            Error::TooLarge {
                len_bytes,
                max_bytes,
            } => json!({ "lenBytes": len_bytes, "maxBytes": max_bytes }),
            Error::Truncated {
                offset,
                what,
                needed,
                available,
            } => {
                json!({ "offset": offset, "what": what, "needed": needed, "available": available })
            }
            Error::BadValue {
                offset,
                what,
                value,
                expected,
            } => json!({ "offset": offset, "what": what, "value": value, "expected": expected }),
            Error::NotSkeleton { reason } => json!({ "reason": reason }),
            Error::UnsupportedVersion { version, offset } => {
                json!({ "version": version, "offset": offset })
            }
            Error::JsonSyntax {
                offset,
                line,
                column,
                message,
            } => json!({ "offset": offset, "line": line, "column": column, "message": message }),
            Error::JsonShape { path, expected } => json!({ "path": path, "expected": expected }),
            Error::UnknownCharset { label } => json!({ "label": label }),
            Error::Unwritable { what, reason } => json!({ "what": what, "reason": reason }),
        };
        match v {
            serde_json::Value::Object(m) => m,
            _ => serde_json::Map::new(),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
